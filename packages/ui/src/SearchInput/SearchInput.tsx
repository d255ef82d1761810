'use client';

import { Search } from 'lucide-react';
import type { InputHTMLAttributes, Ref } from 'react';
import { styled } from 'styled-components';
import { fieldBase } from '../internal/styles.js';

const Wrapper = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  width: 100%;

  svg {
    position: absolute;
    left: var(--space-3);
    color: var(--color-fg-muted);
    pointer-events: none;
  }
`;

const Field = styled.input`
  ${fieldBase}
  padding-left: 36px;

  &::-webkit-search-cancel-button {
    cursor: pointer;
  }
`;

export interface SearchInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> {
  /** Accessible name; defaults to the placeholder. */
  label?: string;
  /** The current search text (controlled). */
  value?: string;
  /** Called with the new text on every keystroke. */
  onValueChange?: (value: string) => void;
  /** Native change handler, for forms that need the event. */
  onChange?: InputHTMLAttributes<HTMLInputElement>['onChange'];
  /** Ref to the underlying `<input>` (React 19 ref as a prop). */
  ref?: Ref<HTMLInputElement>;
}

/** A search box with a magnifier icon (`role="searchbox"`). */
export function SearchInput({
  label,
  placeholder,
  onValueChange,
  onChange,
  className,
  ...rest
}: SearchInputProps) {
  return (
    <Wrapper className={className}>
      <Search size={16} aria-hidden="true" />
      <Field
        type="search"
        aria-label={label ?? placeholder}
        placeholder={placeholder}
        onChange={(event) => {
          onChange?.(event);
          onValueChange?.(event.target.value);
        }}
        {...rest}
      />
    </Wrapper>
  );
}
