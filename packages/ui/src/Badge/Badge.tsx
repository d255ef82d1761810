'use client';

import type { HTMLAttributes, ReactNode } from 'react';
import { styled } from 'styled-components';
import type { Tone } from '../theme/tokens.js';

export const StyledBadge = styled.span<{
  $tone: Tone;
  $variant: 'soft' | 'solid' | 'outline';
  $mono: boolean;
}>`
  display: inline-flex;
  align-items: center;
  gap: var(--space-1);
  max-width: 100%;
  padding: 2px var(--space-2);
  border: 1px solid ${(p) => (p.$variant === 'outline' ? `var(--tone-${p.$tone}-solid)` : 'transparent')};
  border-radius: var(--radius-sm);
  background: ${(p) => (p.$variant === 'outline' ? 'transparent' : `var(--tone-${p.$tone}-bg)`)};
  color: var(--tone-${(p) => p.$tone}-fg);
  font-family: ${(p) => (p.$mono ? 'var(--font-mono)' : 'inherit')};
  font-size: var(--font-size-xs);
  font-weight: var(--font-weight-semibold);
  line-height: 18px;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  /** Colour family: neutral, primary, info, success, warning, orange, danger or purple. */
  tone?: Tone;
  /** `soft` (tinted background) or `outline`. */
  variant?: 'soft' | 'outline';
  /** Monospaced text (ids, methods). */
  mono?: boolean;
  /** Icon before the text (decorative). */
  icon?: ReactNode;
  /** The badge's text. */
  children?: ReactNode;
}

/** A small label. Colour comes from `tone` (theme-aware CSS variables). */
export function Badge({
  tone = 'neutral',
  variant = 'soft',
  mono = false,
  icon,
  children,
  ...rest
}: BadgeProps) {
  return (
    <StyledBadge $tone={tone} $variant={variant} $mono={mono} data-tone={tone} {...rest}>
      {icon}
      {children}
    </StyledBadge>
  );
}
