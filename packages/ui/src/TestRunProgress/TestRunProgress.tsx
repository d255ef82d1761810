'use client';

import { styled } from 'styled-components';
import type { Tone } from '../theme/tokens.js';
import { Badge } from '../Badge/Badge.js';
import { Button } from '../Button/Button.js';

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: var(--space-2);
  min-width: 0;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--space-2);
`;

const Track = styled.div`
  height: 8px;
  overflow: hidden;
  border-radius: var(--radius-full);
  background: var(--color-surface-muted);
  box-shadow: inset 0 0 0 1px var(--color-border);
`;

const Fill = styled.div<{ $tone: Tone; $width: number }>`
  width: ${(p) => p.$width}%;
  height: 100%;
  background: var(--tone-${(p) => p.$tone}-solid);
`;

const Counts = styled.p`
  margin: 0;
  color: var(--color-fg-muted);
  font-size: var(--font-size-sm);
  font-variant-numeric: tabular-nums;
`;

const Message = styled.p`
  margin: 0;
  font-size: var(--font-size-sm);
`;

export type TestRunStatus = 'queued' | 'running' | 'completed' | 'cancelled' | 'failed';

export interface TestRunProgressProps {
  /** Where the run is: queued, running, finished, cancelled or failed. */
  status: TestRunStatus;
  /** Test × endpoint pairs decided so far. */
  testsDone: number;
  /** Test × endpoint pairs the run will decide. */
  testsPlanned: number;
  /** Pairs that confirmed a flaw. */
  confirmed: number;
  /** Pairs that found no flaw. */
  passed: number;
  /** Pairs that could not run (no identity, no baseline, budget, not allowed). */
  skipped: number;
  /** Requests sent to the test target so far. */
  requestsSent: number;
  /** The most requests this run may send. */
  budget: number;
  /** Why the run stopped early or failed. */
  message?: string | null;
  /** Shown while the run is queued or running. */
  onCancel?: () => void;
  /** True while a cancel is asked for and the run has not stopped yet. */
  cancelling?: boolean;
}

const statusTone: Record<TestRunStatus, Tone> = {
  queued: 'neutral',
  running: 'primary',
  completed: 'success',
  cancelled: 'warning',
  failed: 'danger',
};
const statusLabel: Record<TestRunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

/** A security test run: status, progress through its tests, outcomes so far and requests against the budget. */
export function TestRunProgress({
  status,
  testsDone,
  testsPlanned,
  confirmed,
  passed,
  skipped,
  requestsSent,
  budget,
  message,
  onCancel,
  cancelling = false,
}: TestRunProgressProps) {
  const active = status === 'queued' || status === 'running';
  const percent =
    testsPlanned > 0 ? Math.min(100, Math.round((testsDone / testsPlanned) * 100)) : active ? 0 : 100;
  return (
    <Root>
      <Row>
        <Badge tone={statusTone[status]} data-status={status}>
          {statusLabel[status]}
        </Badge>
        <span>
          {testsDone} of {testsPlanned} tests
        </span>
        {active && onCancel && (
          <Button size="sm" variant="outline" onClick={onCancel} disabled={cancelling}>
            {cancelling ? 'Cancelling…' : 'Cancel run'}
          </Button>
        )}
      </Row>
      <Track
        role="progressbar"
        aria-label="Test run progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <Fill $tone={statusTone[status]} $width={percent} />
      </Track>
      <Counts>
        {confirmed} confirmed · {passed} not vulnerable · {skipped} could not run · {requestsSent} of {budget}{' '}
        requests
      </Counts>
      {message && <Message role={status === 'failed' ? 'alert' : undefined}>{message}</Message>}
    </Root>
  );
}
