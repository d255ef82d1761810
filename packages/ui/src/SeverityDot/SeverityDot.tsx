'use client';

import { styled } from 'styled-components';
import { severityTone } from '../SeverityBadge/SeverityBadge.js';
import type { Tone } from '../theme/tokens.js';

const Dot = styled.span<{ $tone: Tone }>`
  display: inline-block;
  flex-shrink: 0;
  width: 10px;
  height: 10px;
  border-radius: var(--radius-full);
  background: var(--tone-${(p) => p.$tone}-solid);
`;

export interface SeverityDotProps {
  /** critical, high, medium or low; decides the colour. */
  severity: string;
}

/** A coloured dot for a severity (critical, high, medium, low, info; others neutral). */
export function SeverityDot({ severity }: SeverityDotProps) {
  const tone = severityTone(severity);
  return <Dot $tone={tone} role="img" aria-label={`${severity} severity`} data-severity={severity} />;
}
