'use client';

import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { styled } from 'styled-components';
import { focusRing } from '../internal/styles.js';
import { Spinner } from '../Spinner/Spinner.js';

const StyledIconButton = styled.button<{ $variant: 'ghost' | 'outline'; $size: 'sm' | 'md' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${(p) => (p.$size === 'sm' ? '28px' : '36px')};
  height: ${(p) => (p.$size === 'sm' ? '28px' : '36px')};
  padding: 0;
  border: 1px solid ${(p) => (p.$variant === 'outline' ? 'var(--color-border-strong)' : 'transparent')};
  border-radius: var(--radius-md);
  background: ${(p) => (p.$variant === 'outline' ? 'var(--color-surface)' : 'transparent')};
  color: var(--color-fg-muted);
  cursor: pointer;
  transition: background-color var(--duration-fast);

  &:hover:not(:disabled) {
    background: var(--color-surface-hover);
    color: var(--color-fg);
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
  ${focusRing}
`;

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> {
  /** Accessible name; icon-only buttons must have one. */
  label: string;
  /** The icon (e.g. a lucide-react icon). */
  children: ReactNode;
  /** ghost (no border) or outline. */
  variant?: 'ghost' | 'outline';
  /** sm or md. */
  size?: 'sm' | 'md';
  /** Shows a spinner, disables the button and sets `aria-busy`. */
  loading?: boolean;
  /** Ref to the underlying `<button>` (React 19 ref as a prop). */
  ref?: Ref<HTMLButtonElement>;
}

/** A square, icon-only button with a required accessible label. */
export function IconButton({
  label,
  children,
  variant = 'ghost',
  size = 'md',
  loading = false,
  disabled,
  type = 'button',
  ...rest
}: IconButtonProps) {
  return (
    <StyledIconButton
      type={type}
      aria-label={label}
      title={label}
      $variant={variant}
      $size={size}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner /> : children}
    </StyledIconButton>
  );
}
