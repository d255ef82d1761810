import { Button, Dialog, type DialogSize } from '@argus/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The form of a FormDialog, validated by `schema` on submit. `close()` empties it and closes
 * the dialog, so it opens blank next time; `dialog` is the FormDialog's `open` and `onClose`.
 */
export function useDialogForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
  { open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void },
) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  const close = () => {
    form.reset();
    onOpenChange(false);
  };
  return { form, close, dialog: { open, onClose: close } };
}

export interface FormDialogProps {
  open: boolean;
  /** Called with false on Cancel, X, Esc or outside click. */
  onClose: () => void;
  title: string;
  description?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  pendingLabel?: string;
  pending?: boolean;
  size?: DialogSize;
  children: ReactNode;
}

/** A dialog holding one form: Cancel and a submit button in the footer, validation on submit. */
export function FormDialog({
  open,
  onClose,
  title,
  description,
  onSubmit,
  submitLabel,
  pendingLabel,
  pending = false,
  size,
  children,
}: FormDialogProps) {
  // Ties the footer's submit button to the form (they render in different parts of the dialog).
  const formId = useId();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={title}
      description={description}
      size={size}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending} loadingText={pendingLabel}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={(event) => {
          // The dialog is portalled, but React still bubbles its submit to a form around the
          // trigger (Add API Key sits inside the Settings form): stop it here.
          event.stopPropagation();
          onSubmit(event);
        }}
        noValidate
      >
        {children}
      </form>
    </Dialog>
  );
}
