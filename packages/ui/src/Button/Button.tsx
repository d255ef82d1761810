'use client';

import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Spinner } from '../Spinner/Spinner.js';
import { StyledButton, type ButtonSize, type ButtonVariant } from './Button.styles.js';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Visual weight: primary, secondary, outline, ghost or destructive. */
  variant?: ButtonVariant;
  /** Height and padding: sm, md or lg. */
  size?: ButtonSize;
  /** Shows a spinner, disables the button and swaps the label for `loadingText`. */
  loading?: boolean;
  /** Label while loading, e.g. "Scanning..."; defaults to the normal label. */
  loadingText?: ReactNode;
  /** Leading icon (hidden while loading, where the spinner takes its place). */
  icon?: ReactNode;
  /** Ref to the underlying `<button>` (React 19 ref as a prop). */
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  loadingText,
  icon,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <StyledButton
      type={type}
      $variant={variant}
      $size={size}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner /> : icon}
      {loading && loadingText !== undefined ? loadingText : children}
    </StyledButton>
  );
}
