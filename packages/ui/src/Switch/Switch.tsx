'use client';

import * as RadixSwitch from '@radix-ui/react-switch';
import { useId, type ReactNode } from 'react';
import { styled } from 'styled-components';
import { focusRing } from '../internal/styles.js';

const Root = styled(RadixSwitch.Root)`
  position: relative;
  flex-shrink: 0;
  width: 40px;
  height: 22px;
  padding: 0;
  border: none;
  border-radius: var(--radius-full);
  background: var(--color-border-strong);
  cursor: pointer;
  transition: background-color var(--duration-fast);

  &[data-state='checked'] {
    background: var(--color-accent-emphasis);
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
  ${focusRing}
`;

const Thumb = styled(RadixSwitch.Thumb)`
  display: block;
  width: 18px;
  height: 18px;
  border-radius: var(--radius-full);
  background: #ffffff;
  box-shadow: var(--shadow-sm);
  transform: translateX(2px);
  transition: transform var(--duration-fast);

  &[data-state='checked'] {
    transform: translateX(20px);
  }
`;

const Wrapper = styled.span`
  display: inline-flex;
  align-items: center;
  gap: var(--space-3);
`;

const Text = styled.span`
  display: flex;
  flex-direction: column;
`;

const Label = styled.label`
  font-size: var(--font-size-md);
  font-weight: var(--font-weight-medium);
  cursor: pointer;
`;

const Description = styled.span`
  color: var(--color-fg-muted);
  font-size: var(--font-size-sm);
`;

export interface SwitchProps {
  /** Controlled on/off state. */
  checked?: boolean;
  /** Initial state when uncontrolled. */
  defaultChecked?: boolean;
  /** Called with the new state when the user toggles it. */
  onCheckedChange?: (checked: boolean) => void;
  /** Visible label. */
  label?: ReactNode;
  /** Smaller text under the label. */
  description?: ReactNode;
  /** Accessible name when there is no visible label. */
  'aria-label'?: string;
  /** Greys the switch out and ignores input. */
  disabled?: boolean;
  /** Id of the switch button (for an external `<label htmlFor>`). */
  id?: string;
  /** Form field name when the switch is part of a form. */
  name?: string;
}

/** An on/off switch (Radix, `role="switch"`). */
export function Switch({ label, description, id, ...rest }: SwitchProps) {
  const autoId = useId();
  const switchId = id ?? autoId;
  const descriptionId = `${switchId}-description`;
  const control = (
    <Root id={switchId} aria-describedby={description ? descriptionId : undefined} {...rest}>
      <Thumb />
    </Root>
  );
  if (label === undefined) return control;
  return (
    <Wrapper>
      {control}
      <Text>
        <Label htmlFor={switchId}>{label}</Label>
        {description ? <Description id={descriptionId}>{description}</Description> : null}
      </Text>
    </Wrapper>
  );
}
