'use client';

import type { InputHTMLAttributes, Ref } from 'react';
import { styled } from 'styled-components';
import { fieldBase } from '../internal/styles.js';

export const StyledInput = styled.input`
  ${fieldBase}
`;

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Ref to the underlying `<input>` (React 19 ref as a prop). */
  ref?: Ref<HTMLInputElement>;
}

/** A single-line text field. Pair it with `FormField` for a label, hint and error. */
export function Input(props: InputProps) {
  return <StyledInput {...props} />;
}
