import { errorMessage, type TestResult } from '@argus/api';
import {
  Button,
  Dialog,
  SeverityBadge,
  Table,
  TestEvidence,
  TestOutcomeBadge,
  useToast,
  type TableColumn,
} from '@argus/ui';
import { useState } from 'react';
import { copyText } from './clipboard.js';
import { EndpointCell, Muted, Stack, TableMessage } from './layout.js';

const OUTCOME_ORDER = { confirmed: 0, error: 1, skipped: 2, passed: 3 } as const;

/** The results of a run, confirmed first; the evidence of one in a dialog. */
export function TestResultsTable({
  results,
  caption,
  domain,
}: {
  results: readonly TestResult[];
  caption: string;
  domain: string;
}) {
  const [shown, setShown] = useState<TestResult | null>(null);
  const { toast } = useToast();
  const rows = [...results].sort((a, b) => OUTCOME_ORDER[a.outcome] - OUTCOME_ORDER[b.outcome]);
  const columns: TableColumn<TestResult>[] = [
    { key: 'outcome', header: 'Outcome', cell: (r) => <TestOutcomeBadge outcome={r.outcome} /> },
    {
      key: 'test',
      header: 'Test',
      cell: (r) => (
        <Stack>
          <strong>{r.title}</strong>
          <Muted>{r.reason}</Muted>
        </Stack>
      ),
    },
    {
      key: 'endpoint',
      header: 'Endpoint',
      cell: (r) => <EndpointCell method={r.method} normalizedPath={r.path} domain={domain} />,
    },
    { key: 'severity', header: 'Severity', cell: (r) => <SeverityBadge severity={r.severity} /> },
    {
      key: 'evidence',
      header: 'Evidence',
      align: 'right',
      cell: (r) =>
        r.evidence.length > 0 ? (
          <Button
            size="sm"
            variant="outline"
            aria-label={`Evidence of ${r.title} on ${r.method} ${r.path}`}
            onClick={() => setShown(r)}
          >
            Evidence
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <Table
        caption={caption}
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        empty={<TableMessage>No results yet.</TableMessage>}
      />
      <Dialog
        open={shown !== null}
        onOpenChange={(open) => {
          if (!open) setShown(null);
        }}
        title={shown ? `${shown.title}` : ''}
        description={shown ? `${shown.method} ${shown.path}: ${shown.reason}` : undefined}
        size="lg"
      >
        {shown && (
          <TestEvidence
            exchanges={shown.evidence}
            onCopyCurl={(curl) =>
              void copyText(curl).then(
                () => toast({ title: 'Copied', description: 'The curl command is on the clipboard.' }),
                (error: unknown) =>
                  toast({ title: 'Copy Failed', description: errorMessage(error), variant: 'destructive' }),
              )
            }
          />
        )}
      </Dialog>
    </>
  );
}
