'use client';

import { styled, css } from 'styled-components';
import { focusRing } from '../internal/styles.js';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive';
export type ButtonSize = 'sm' | 'md' | 'lg';

const variants: Record<ButtonVariant, ReturnType<typeof css>> = {
  primary: css`
    --button-bg: var(--color-accent-emphasis);
    --button-bg-hover: var(--color-accent-emphasis-hover);
    --button-fg: var(--color-on-emphasis);
    --button-border: transparent;
  `,
  secondary: css`
    --button-bg: var(--color-surface-muted);
    --button-bg-hover: var(--color-border);
    --button-fg: var(--color-fg);
    --button-border: transparent;
  `,
  outline: css`
    --button-bg: var(--color-surface);
    --button-bg-hover: var(--color-surface-hover);
    --button-fg: var(--color-fg);
    --button-border: var(--color-border-strong);
  `,
  ghost: css`
    --button-bg: transparent;
    --button-bg-hover: var(--color-surface-hover);
    --button-fg: var(--color-fg);
    --button-border: transparent;
  `,
  destructive: css`
    --button-bg: var(--color-danger-emphasis);
    --button-bg-hover: var(--color-danger-emphasis-hover);
    --button-fg: var(--color-on-emphasis);
    --button-border: transparent;
  `,
};

const sizes: Record<ButtonSize, ReturnType<typeof css>> = {
  sm: css`
    min-height: 30px;
    padding: 0 var(--space-3);
    font-size: var(--font-size-sm);
  `,
  md: css`
    min-height: 36px;
    padding: 0 var(--space-4);
    font-size: var(--font-size-md);
  `,
  lg: css`
    min-height: 42px;
    padding: 0 var(--space-5);
    font-size: var(--font-size-lg);
  `,
};

export const StyledButton = styled.button<{ $variant: ButtonVariant; $size: ButtonSize }>`
  ${(p) => variants[p.$variant]}
  ${(p) => sizes[p.$size]}
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: var(--space-2);
  border: 1px solid var(--button-border);
  border-radius: var(--radius-md);
  background: var(--button-bg);
  color: var(--button-fg);
  font-family: inherit;
  font-weight: var(--font-weight-medium);
  line-height: 1;
  white-space: nowrap;
  cursor: pointer;
  transition: background-color var(--duration-fast);

  &:hover:not(:disabled) {
    background: var(--button-bg-hover);
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
  ${focusRing}

  svg {
    flex-shrink: 0;
  }
`;
