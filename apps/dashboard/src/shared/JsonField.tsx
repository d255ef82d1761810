import { FormField, Textarea } from '@argus/ui';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

export interface JsonFieldProps extends UseFormRegisterReturn {
  label: ReactNode;
  /** An example object, shown under the field. */
  hint: ReactNode;
  error?: ReactNode;
}

/** A required field where a JSON object is typed (alert rule conditions, channel configuration). */
export function JsonField({ label, hint, error, ...registration }: JsonFieldProps) {
  return (
    <FormField label={label} required hint={hint} error={error}>
      <Textarea monospace rows={5} spellCheck={false} {...registration} />
    </FormField>
  );
}
