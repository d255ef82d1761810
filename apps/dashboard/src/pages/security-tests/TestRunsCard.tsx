import { errorMessage, paths, type TestRunStatus } from '@argus/api';
import { useCancelTestRun, useInvalidate, useStartTestRun, useTestRun, useTestRuns } from '@argus/api/hooks';
import { Button, Card, TestRunProgress, useToast } from '@argus/ui';
import { Play } from 'lucide-react';
import { Stack, TableMessage } from '../../shared/layout.js';
import { TestResultsTable } from '../../shared/TestResultsTable.js';

/** How often a running run is re-read while on screen. */
const FOLLOW_MS = 1000;
const isActive = (status: TestRunStatus) => status === 'queued' || status === 'running';

export function TestRunsCard({
  domainId,
  domain,
  canRun,
  ready,
}: {
  domainId: string;
  domain: string;
  canRun: boolean;
  ready: boolean;
}) {
  const { data: runs } = useTestRuns(domainId);
  const latest = runs?.[0] ?? null;
  const invalidate = useInvalidate();
  // Re-read the run every second until it ends (no deduping: the preset keeps answers 5 minutes),
  // then refresh the run list once so its status catches up.
  const { data: run } = useTestRun(latest?.id ?? null, {
    refreshInterval: (data) => (data && !isActive(data.status) ? 0 : FOLLOW_MS),
    dedupingInterval: 0,
    onSuccess: (data) => {
      if (latest && isActive(latest.status) && !isActive(data.status))
        void invalidate(paths.testRuns(domainId));
    },
  });
  const current = run ?? (latest ? { ...latest, results: [] } : null);
  const active = current !== null && isActive(current.status);
  const start = useStartTestRun(domainId);
  const cancel = useCancelTestRun(domainId);
  const { toast } = useToast();

  async function runTests() {
    try {
      await start.trigger({});
      toast({ title: 'Security Tests Started', description: 'Results appear here as tests finish.' });
    } catch (error) {
      toast({ title: 'Tests Not Started', description: errorMessage(error), variant: 'destructive' });
    }
  }

  return (
    <Card
      title="Test Runs"
      description={
        ready
          ? 'Run the enabled tests on every endpoint of this domain.'
          : 'Set a test base URL to run tests.'
      }
      actions={
        canRun ? (
          <Button
            icon={<Play size={14} aria-hidden="true" />}
            onClick={() => void runTests()}
            disabled={!ready || active}
            loading={start.isMutating}
            loadingText="Starting..."
          >
            Run Tests
          </Button>
        ) : null
      }
    >
      {current ? (
        <Stack $gap={4}>
          <TestRunProgress
            {...current}
            {...(canRun
              ? {
                  onCancel: () => {
                    void cancel
                      .trigger(current.id)
                      .catch((error: unknown) =>
                        toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
                      );
                  },
                }
              : {})}
            cancelling={cancel.isMutating}
          />
          <TestResultsTable results={current.results} caption="Results of the latest run" domain={domain} />
        </Stack>
      ) : (
        <TableMessage>No test runs yet.</TableMessage>
      )}
    </Card>
  );
}
