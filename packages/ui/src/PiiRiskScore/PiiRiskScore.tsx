'use client';

import { AlertTriangle } from 'lucide-react';
import { styled } from 'styled-components';
import { piiRiskTone } from '../format/risk.js';
import type { Tone } from '../theme/tokens.js';

const Score = styled.span<{ $tone: Tone }>`
  display: inline-flex;
  align-items: center;
  gap: var(--space-1);
  color: var(--tone-${(p) => p.$tone}-fg);
  background: var(--tone-${(p) => p.$tone}-bg);
  padding: 2px var(--space-2);
  border-radius: var(--radius-sm);
  font-size: var(--font-size-sm);
  font-weight: var(--font-weight-semibold);
  font-variant-numeric: tabular-nums;
`;

export interface PiiRiskScoreProps {
  /** PII risk 0–100: ≥ 70 red, 50–69 yellow, < 50 green; a warning icon from 50. */
  score: number;
}

/** "x/100": red ≥70, yellow 50–69, green <50; a warning icon from 50. */
export function PiiRiskScore({ score }: PiiRiskScoreProps) {
  const value = Math.round(score);
  const tone = piiRiskTone(value);
  return (
    <Score $tone={tone} data-tone={tone}>
      {value >= 50 ? <AlertTriangle size={14} role="img" aria-label="High PII risk" /> : null}
      {value}/100
    </Score>
  );
}
