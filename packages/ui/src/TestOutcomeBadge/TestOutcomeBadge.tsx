import type { Tone } from '../theme/tokens.js';
import { Badge } from '../Badge/Badge.js';

export const TEST_OUTCOMES = ['confirmed', 'passed', 'skipped', 'error'] as const;
export type TestOutcome = (typeof TEST_OUTCOMES)[number];

const outcomes: Record<TestOutcome, { tone: Tone; label: string }> = {
  confirmed: { tone: 'danger', label: 'Confirmed' },
  passed: { tone: 'success', label: 'Not vulnerable' },
  skipped: { tone: 'neutral', label: 'Could not run' },
  error: { tone: 'warning', label: 'Error' },
};

export interface TestOutcomeBadgeProps {
  /** confirmed (the flaw was proved), passed, skipped (could not run) or error. */
  outcome: TestOutcome;
}

/** What an active security test concluded on one endpoint. */
export function TestOutcomeBadge({ outcome }: TestOutcomeBadgeProps) {
  const { tone, label } = outcomes[outcome] ?? outcomes.error;
  return (
    <Badge tone={tone} data-outcome={outcome}>
      {label}
    </Badge>
  );
}
