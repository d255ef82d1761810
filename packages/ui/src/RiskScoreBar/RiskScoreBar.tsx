'use client';

import { styled } from 'styled-components';
import { clampScore, riskBand, riskBandTone, type RiskBand } from '../format/risk.js';
import type { Tone } from '../theme/tokens.js';

export const BarRow = styled.div`
  display: inline-flex;
  align-items: center;
  gap: var(--space-2);
  min-width: 120px;
`;

export const Track = styled.div`
  flex: 1;
  min-width: 64px;
  height: 8px;
  overflow: hidden;
  border-radius: var(--radius-full);
  background: var(--color-surface-muted);
  box-shadow: inset 0 0 0 1px var(--color-border);
`;

export const Fill = styled.div<{ $tone: Tone; $width: number }>`
  width: ${(p) => p.$width}%;
  height: 100%;
  border-radius: var(--radius-full);
  background: var(--tone-${(p) => p.$tone}-solid);
`;

export const Value = styled.span`
  min-width: 2ch;
  font-size: var(--font-size-sm);
  font-weight: var(--font-weight-semibold);
  font-variant-numeric: tabular-nums;
  text-align: right;
`;

const bandLabel: Record<RiskBand, string> = {
  low: 'low',
  elevated: 'elevated',
  high: 'high',
  critical: 'critical',
};

export interface RiskScoreBarProps {
  /** Risk score 0–100; the bar width is the score as a percent. */
  score: number;
  /** Show the number after the bar (default true). */
  showValue?: boolean;
}

/** Risk bar coloured by band: 0–20 low green, 21–50 elevated yellow, 51–80 high orange, 81–100 critical red. */
export function RiskScoreBar({ score, showValue = true }: RiskScoreBarProps) {
  const value = Math.round(clampScore(score));
  const band = riskBand(value);
  return (
    <BarRow>
      <Track
        role="meter"
        aria-label={`Risk score ${value} of 100, ${bandLabel[band]}`}
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={100}
        data-band={band}
      >
        <Fill $tone={riskBandTone[band]} $width={value} />
      </Track>
      {showValue ? <Value aria-hidden="true">{value}</Value> : null}
    </BarRow>
  );
}
