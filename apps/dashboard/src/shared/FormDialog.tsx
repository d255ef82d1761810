import { Button, Dialog, type DialogSize } from '@argus/ui';
import type { FormEventHandler, ReactNode } from 'react';

export interface FormDialogProps {
  open: boolean;
  /** Called with false on Cancel, X, Esc or outside click. */
  onClose: () => void;
  title: string;
  description?: string;
  /** Ties the footer's submit button to the form (they render in different parts of the dialog). */
  formId: string;
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
  formId,
  onSubmit,
  submitLabel,
  pendingLabel,
  pending = false,
  size,
  children,
}: FormDialogProps) {
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
