'use client';

import { Loader2 } from 'lucide-react';
import { styled, keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const SpinningIcon = styled(Loader2)`
  animation: ${spin} 0.9s linear infinite;
  flex-shrink: 0;
`;

export interface SpinnerProps {
  /** Diameter in pixels. */
  size?: number;
  /** Text for screen readers; omit when the surrounding text already says what is loading. */
  label?: string;
}

/** A spinning loader icon. */
export function Spinner({ size = 16, label }: SpinnerProps) {
  return label ? (
    <SpinningIcon size={size} role="img" aria-label={label} data-testid="spinner" />
  ) : (
    <SpinningIcon size={size} aria-hidden="true" data-testid="spinner" />
  );
}
