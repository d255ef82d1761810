'use client';

import * as RadixSelect from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { styled } from 'styled-components';
import { fieldBase } from '../internal/styles.js';

const Trigger = styled(RadixSelect.Trigger)`
  ${fieldBase}
  display: inline-flex;
  align-items: center;
  justify-content: space-between;
  gap: var(--space-2);
  text-align: left;
  cursor: pointer;

  &[data-placeholder] {
    color: var(--color-fg-muted);
  }
  svg {
    color: var(--color-fg-muted);
    flex-shrink: 0;
  }
`;

const Content = styled(RadixSelect.Content)`
  z-index: 70;
  min-width: var(--radix-select-trigger-width);
  max-height: var(--radix-select-content-available-height);
  overflow: hidden;
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  background: var(--color-surface);
  color: var(--color-fg);
  box-shadow: var(--shadow-lg);
`;

const Viewport = styled(RadixSelect.Viewport)`
  padding: var(--space-1);
`;

const Item = styled(RadixSelect.Item)`
  position: relative;
  display: flex;
  align-items: center;
  min-height: 32px;
  padding: 0 var(--space-2) 0 28px;
  border-radius: var(--radius-sm);
  font-size: var(--font-size-md);
  cursor: pointer;
  user-select: none;
  outline: none;

  &[data-highlighted] {
    background: var(--tone-primary-bg);
    color: var(--tone-primary-fg);
  }
  &[data-disabled] {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

const Indicator = styled(RadixSelect.ItemIndicator)`
  position: absolute;
  left: var(--space-2);
  display: inline-flex;
`;

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps {
  /** The choices, in order: the stored value and the text shown. */
  options: readonly SelectOption[];
  /** Controlled selected value. */
  value?: string;
  /** Initial value when uncontrolled. */
  defaultValue?: string;
  /** Called with the value the user picked. */
  onValueChange?: (value: string) => void;
  /** Shown while nothing is selected. */
  placeholder?: string;
  /** Accessible name when there is no visible `<label for={id}>` (FormField gives one). */
  'aria-label'?: string;
  /** Id of the trigger (set by `FormField`). */
  id?: string;
  /** Form field name; a hidden native select carries the value. */
  name?: string;
  /** Greys the select out and ignores input. */
  disabled?: boolean;
  /** Marks the value as required for form validation. */
  required?: boolean;
  /** `true` while the field shows an error (set by `FormField`). */
  'aria-invalid'?: boolean;
  /** Ids of the hint and error message (set by `FormField`). */
  'aria-describedby'?: string;
  /** Extra class on the trigger, for layout. */
  className?: string;
}

/** A dropdown list built on Radix Select (keyboard, typeahead, focus handled by Radix). */
export function Select({
  options,
  value,
  defaultValue,
  onValueChange,
  placeholder,
  id,
  name,
  disabled,
  required,
  className,
  ...aria
}: SelectProps) {
  return (
    <RadixSelect.Root
      value={value}
      defaultValue={defaultValue}
      onValueChange={onValueChange}
      name={name}
      disabled={disabled}
      required={required}
    >
      <Trigger id={id} className={className} {...aria}>
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon asChild>
          <ChevronDown size={16} aria-hidden="true" />
        </RadixSelect.Icon>
      </Trigger>
      <RadixSelect.Portal>
        <Content position="popper" sideOffset={4}>
          <Viewport>
            {options.map((option) => (
              <Item key={option.value} value={option.value} disabled={option.disabled}>
                <Indicator>
                  <Check size={14} aria-hidden="true" />
                </Indicator>
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
              </Item>
            ))}
          </Viewport>
        </Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
