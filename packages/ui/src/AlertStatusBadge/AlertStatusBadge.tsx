import { capitalize } from '../format/format.js';
import type { Tone } from '../theme/tokens.js';
import { Badge } from '../Badge/Badge.js';

export const ALERT_STATUSES = ['open', 'acknowledged', 'resolved', 'suppressed'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

const statusTones: Record<string, Tone> = {
  open: 'danger',
  acknowledged: 'warning',
  resolved: 'success',
  suppressed: 'neutral',
};

export interface AlertStatusBadgeProps {
  /** open, acknowledged, resolved or suppressed. */
  status: string;
}

/** Alert status: open red, acknowledged yellow, resolved green, suppressed (and unknown) neutral. */
export function AlertStatusBadge({ status }: AlertStatusBadgeProps) {
  return (
    <Badge tone={statusTones[status] ?? 'neutral'} variant="outline" data-status={status}>
      {capitalize(status)}
    </Badge>
  );
}
