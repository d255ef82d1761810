'use client';

import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { styled } from 'styled-components';

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: var(--space-1);
`;

const Label = styled.label`
  font-size: var(--font-size-sm);
  font-weight: var(--font-weight-medium);
  color: var(--color-fg);
`;

const Required = styled.span`
  margin-left: 2px;
  color: var(--color-danger-fg);
`;

const Hint = styled.p`
  margin: 0;
  color: var(--color-fg-muted);
  font-size: var(--font-size-xs);
`;

const ErrorText = styled.p`
  margin: 0;
  color: var(--color-danger-fg);
  font-size: var(--font-size-xs);
  font-weight: var(--font-weight-medium);
`;

/** Props FormField hands to its control so label, hint and error are wired up. */
export interface FieldControlProps {
  /** Id tying the control to its label. */
  id: string;
  /** Ids of the hint and the error message, when shown. */
  'aria-describedby'?: string;
  /** `true` while the field shows an error. */
  'aria-invalid'?: boolean;
  /** `true` when the field is required. */
  'aria-required'?: boolean;
}

export interface FormFieldProps {
  /** Visible label of the control. */
  label: ReactNode;
  /** Helper text under the control. */
  hint?: ReactNode;
  /** Validation message; marks the control invalid and is announced. */
  error?: ReactNode;
  /** Marks the label with an asterisk and the control as required. */
  required?: boolean;
  /** Id of the control; generated when omitted. */
  id?: string;
  /**
   * The control. An element (Input, Textarea, Select…) gets `id`,
   * `aria-describedby` and `aria-invalid` injected; a function receives them.
   */
  children: ReactElement<FieldControlProps> | ((props: FieldControlProps) => ReactNode);
  /** Extra class, for layout. */
  className?: string;
}

/** Label + control + hint + validation message. */
export function FormField({ label, hint, error, required, id, children, className }: FormFieldProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const controlProps: FieldControlProps = {
    id: controlId,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
  };
  const control =
    typeof children === 'function'
      ? children(controlProps)
      : isValidElement(children)
        ? cloneElement(children, controlProps)
        : children;
  return (
    <Field className={className}>
      <Label htmlFor={controlId}>
        {label}
        {required ? <Required aria-hidden="true">*</Required> : null}
      </Label>
      {control}
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      {error ? (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      ) : null}
    </Field>
  );
}
