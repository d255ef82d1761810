'use client';

import type { Ref, TextareaHTMLAttributes } from 'react';
import { styled } from 'styled-components';
import { fieldBase } from '../internal/styles.js';

const StyledTextarea = styled.textarea<{ $mono: boolean }>`
  ${fieldBase}
  min-height: 88px;
  padding: var(--space-2) var(--space-3);
  resize: vertical;
  font-family: ${(p) => (p.$mono ? 'var(--font-mono)' : 'inherit')};
`;

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  /** Monospaced text, e.g. for JSON configuration. */
  monospace?: boolean;
  /** Ref to the underlying `<textarea>` (React 19 ref as a prop). */
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line text field. */
export function Textarea({ monospace = false, ...rest }: TextareaProps) {
  return <StyledTextarea $mono={monospace} {...rest} />;
}
