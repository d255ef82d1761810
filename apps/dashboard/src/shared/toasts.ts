import { errorMessage } from '@argus/api';
import type { ToastOptions } from '@argus/ui';

/** The toast of a call that failed: "Error", then "{what failed}: {the error's message}". */
export function failureToast(whatFailed: string, error: unknown): ToastOptions {
  return { title: 'Error', description: `${whatFailed}: ${errorMessage(error)}`, variant: 'destructive' };
}
