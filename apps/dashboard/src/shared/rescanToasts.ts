import { errorMessage } from '@argus/api';
import { useToast } from '@argus/ui';
import { useCallback } from 'react';

/** Spec section 8: the rescan toasts, shared by the modal, the detail screen and table rows. */
export function useRescanToasts() {
  const { toast } = useToast();
  const succeeded = useCallback(
    () => toast({ title: 'Rescan initiated', description: 'The endpoint security scan has been started.' }),
    [toast],
  );
  const failed = useCallback(
    (error: unknown) =>
      toast({
        title: 'Rescan failed',
        description: errorMessage(error, 'Failed to initiate security scan.'),
        variant: 'destructive',
      }),
    [toast],
  );
  return { succeeded, failed };
}
