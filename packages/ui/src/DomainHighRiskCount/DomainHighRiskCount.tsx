import { highRiskCountTone } from '../format/risk.js';
import { formatNumber } from '../format/format.js';
import { Badge } from '../Badge/Badge.js';

export interface DomainHighRiskCountProps {
  /** Number of high-risk endpoints; decides the colour (≥ 15 red, 10–14 orange, 5–9 yellow, < 5 green). */
  count: number;
  /** Text after the number (default "high risk"). */
  suffix?: string;
}

/** High-risk endpoint count of a domain: ≥15 red, 10–14 orange, 5–9 yellow, <5 green. */
export function DomainHighRiskCount({ count, suffix = 'high risk' }: DomainHighRiskCountProps) {
  return (
    <Badge tone={highRiskCountTone(count)}>
      {formatNumber(count)}
      {suffix ? ` ${suffix}` : null}
    </Badge>
  );
}
