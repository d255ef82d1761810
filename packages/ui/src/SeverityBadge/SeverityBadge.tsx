import { capitalize } from '../format/format.js';
import type { Tone } from '../theme/tokens.js';
import { Badge } from '../Badge/Badge.js';

export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

const severityTones: Record<string, Tone> = {
  critical: 'danger',
  high: 'orange',
  medium: 'warning',
  low: 'info',
  info: 'primary',
};

/** Tone of a severity; unknown values are neutral. */
export function severityTone(severity: string): Tone {
  return severityTones[severity.toLowerCase()] ?? 'neutral';
}

export interface SeverityBadgeProps {
  /** critical, high, medium or low; any other value gets a neutral badge. */
  severity: string;
  /** "Critical" rather than "critical" (default true). */
  capitalized?: boolean;
}

export function SeverityBadge({ severity, capitalized = true }: SeverityBadgeProps) {
  const tone = severityTone(severity);
  return (
    <Badge tone={tone} data-severity={severity.toLowerCase()}>
      {capitalized ? capitalize(severity) : severity}
    </Badge>
  );
}
