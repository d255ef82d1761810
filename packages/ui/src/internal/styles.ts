'use client';

import { css } from 'styled-components';

/** The focus ring every interactive control uses. */
export const focusRing = css`
  &:focus-visible {
    outline: 2px solid var(--color-focus-ring);
    outline-offset: 2px;
  }
`;

/** Shared look of text-like fields (Input, Textarea, Select trigger). */
export const fieldBase = css`
  width: 100%;
  min-height: 36px;
  padding: 0 var(--space-3);
  border: 1px solid var(--color-border-strong);
  border-radius: var(--radius-md);
  background: var(--color-surface);
  color: var(--color-fg);
  font: inherit;
  font-size: var(--font-size-md);
  transition: border-color var(--duration-fast);

  &::placeholder {
    color: var(--color-fg-muted);
  }
  &:hover:not(:disabled) {
    border-color: var(--color-fg-muted);
  }
  &:focus-visible {
    outline: 2px solid var(--color-focus-ring);
    outline-offset: 0;
    border-color: var(--color-focus-ring);
  }
  &[aria-invalid='true'] {
    border-color: var(--color-danger-fg);
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;
