'use client';

import { styled } from 'styled-components';
import { clampScore, domainRiskLevel, riskBand, riskBandTone } from '../format/risk.js';
import { BarRow, Fill, Track, Value } from '../RiskScoreBar/RiskScoreBar.js';

const Label = styled.span`
  color: var(--color-fg-muted);
  font-size: var(--font-size-xs);
  font-weight: var(--font-weight-medium);
`;

export interface DomainRiskLevelProps {
  /** Average risk score of the domain (rounded for display). */
  score: number;
}

/** Bar, rounded score and level label (Low ≤20, Medium ≤50, High ≤80, Critical above). */
export function DomainRiskLevel({ score }: DomainRiskLevelProps) {
  const value = Math.round(clampScore(score));
  const level = domainRiskLevel(value);
  return (
    <BarRow>
      <Track
        role="meter"
        aria-label={`Risk level ${level}, score ${value} of 100`}
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={100}
        data-level={level}
      >
        <Fill $tone={riskBandTone[riskBand(value)]} $width={value} />
      </Track>
      <Value aria-hidden="true">{value}</Value>
      <Label aria-hidden="true">{level}</Label>
    </BarRow>
  );
}
