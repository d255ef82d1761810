'use client';

import * as RadixCheckbox from '@radix-ui/react-checkbox';
import { Check, Minus } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { styled } from 'styled-components';
import { focusRing } from '../internal/styles.js';

const Root = styled(RadixCheckbox.Root)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  width: 16px;
  height: 16px;
  padding: 0;
  border: 1px solid var(--color-fg-muted);
  border-radius: var(--radius-sm);
  background: var(--color-surface);
  color: var(--color-on-emphasis);
  cursor: pointer;

  &[data-state='checked'],
  &[data-state='indeterminate'] {
    border-color: var(--color-accent-emphasis);
    background: var(--color-accent-emphasis);
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
  ${focusRing}
`;

const Wrapper = styled.span`
  display: inline-flex;
  align-items: center;
  gap: var(--space-2);
`;

const Label = styled.label`
  font-size: var(--font-size-md);
  cursor: pointer;
`;

export type CheckedState = boolean | 'indeterminate';

export interface CheckboxProps {
  /** Controlled state; `'indeterminate'` for a partly selected group. */
  checked?: CheckedState;
  /** Initial state when uncontrolled. */
  defaultChecked?: CheckedState;
  /** Called with the new state when the user toggles it. */
  onCheckedChange?: (checked: CheckedState) => void;
  /** Visible label next to the box. */
  label?: ReactNode;
  /** Accessible name when there is no visible label (e.g. "Select all rows"). */
  'aria-label'?: string;
  /** Greys the checkbox out and ignores input. */
  disabled?: boolean;
  /** Id of the checkbox (for an external `<label htmlFor>`). */
  id?: string;
  /** Form field name when the checkbox is part of a form. */
  name?: string;
}

/** A checkbox (Radix) with optional visible label and an indeterminate state. */
export function Checkbox({ label, id, ...rest }: CheckboxProps) {
  const autoId = useId();
  const boxId = id ?? autoId;
  const box = (
    <Root id={boxId} {...rest}>
      <RadixCheckbox.Indicator>
        {rest.checked === 'indeterminate' ? (
          <Minus size={12} strokeWidth={3} aria-hidden="true" />
        ) : (
          <Check size={12} strokeWidth={3} aria-hidden="true" />
        )}
      </RadixCheckbox.Indicator>
    </Root>
  );
  if (label === undefined) return box;
  return (
    <Wrapper>
      {box}
      <Label htmlFor={boxId}>{label}</Label>
    </Wrapper>
  );
}
