'use client';

import { Activity, AlertTriangle, Bell, Eye, ShieldAlert, type LucideIcon } from 'lucide-react';
import { styled } from 'styled-components';
import { titleCase } from '../format/format.js';
import type { Tone } from '../theme/tokens.js';

export const TRIGGER_TYPES = [
  'vulnerability_detected',
  'high_risk_endpoint',
  'pii_exposed',
  'threshold_breach',
] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

const triggers: Record<string, { icon: LucideIcon; tone: Tone }> = {
  vulnerability_detected: { icon: ShieldAlert, tone: 'danger' },
  high_risk_endpoint: { icon: AlertTriangle, tone: 'orange' },
  pii_exposed: { icon: Eye, tone: 'purple' },
  threshold_breach: { icon: Activity, tone: 'info' },
};

/** "vulnerability_detected" → "Vulnerability Detected". */
export function formatTriggerType(triggerType: string): string {
  return titleCase(triggerType).replace(/\bPii\b/, 'PII');
}

const Wrapper = styled.span<{ $tone: Tone }>`
  display: inline-flex;
  align-items: center;
  gap: var(--space-2);
  color: var(--color-fg);
  font-size: var(--font-size-sm);

  svg {
    color: var(--tone-${(p) => p.$tone}-solid);
    flex-shrink: 0;
  }
`;

export interface TriggerTypeIconProps {
  /** The alert rule's trigger type; decides the icon. */
  triggerType: string;
  /** Also print the readable name next to the icon. */
  withLabel?: boolean;
  /** Icon size in pixels. */
  size?: number;
}

/** The icon of an alert trigger type (unknown types get a bell). */
export function TriggerTypeIcon({ triggerType, withLabel = false, size = 16 }: TriggerTypeIconProps) {
  const { icon: Icon, tone } = triggers[triggerType] ?? { icon: Bell, tone: 'neutral' as Tone };
  const label = formatTriggerType(triggerType);
  return (
    <Wrapper $tone={tone} data-trigger={triggerType}>
      {withLabel ? (
        <Icon size={size} aria-hidden="true" />
      ) : (
        <Icon size={size} role="img" aria-label={label} />
      )}
      {withLabel ? label : null}
    </Wrapper>
  );
}
