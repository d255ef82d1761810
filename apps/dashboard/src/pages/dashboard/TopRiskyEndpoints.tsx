import type { EndpointSummary } from '@argus/api';
import { useDomains, useTopEndpoints } from '@argus/api/hooks';
import {
  Button,
  Card,
  ErrorState,
  formatPiiType,
  PiiChips,
  RelativeTime,
  RiskScoreBar,
  Select,
  Table,
  type TableColumn,
} from '@argus/ui';
import { Download, Eye, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { styled } from 'styled-components';
import { datedFileName, downloadText, toCsv } from '../../shared/csv.js';
import { Actions, EndpointCell, Muted, TableMessage } from '../../shared/layout.js';
import { useRowRescan } from '../../shared/rescanToasts.js';
import { useAllowed } from '../../shared/roles.js';
import { loadErrorText, NEVER_SEEN } from '../../shared/text.js';

const ALL_DOMAINS = '__all__';

const DomainFilter = styled.div`
  width: 220px;
`;

/** The rows shown, as a CSV file (Export). */
export function topEndpointsCsv(rows: readonly EndpointSummary[]): string {
  return toCsv(
    ['Method', 'Endpoint', 'Domain', 'Risk Score', 'PII', 'Last Seen'],
    rows.map((e) => [
      e.method,
      e.normalizedPath,
      e.domain,
      e.riskScore,
      e.piiTypes.map((t) => formatPiiType(t)).join('; '),
      e.lastSeen ?? NEVER_SEEN,
    ]),
  );
}

function RescanButton({ endpoint }: { endpoint: EndpointSummary }) {
  const { pending, rescan } = useRowRescan(endpoint.id);
  const allowed = useAllowed('analyst');
  if (!allowed) return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      icon={<RefreshCw size={14} aria-hidden="true" />}
      loading={pending}
      aria-label={`Rescan ${endpoint.method} ${endpoint.normalizedPath}`}
      onClick={rescan}
    >
      Rescan
    </Button>
  );
}

export function TopRiskyEndpoints({ onView }: { onView: (id: string) => void }) {
  const { data, error, isLoading } = useTopEndpoints();
  const { data: domains } = useDomains();
  const [domain, setDomain] = useState(ALL_DOMAINS);
  // The filter narrows the rows on screen; it is not sent to the server.
  const rows = (data ?? []).filter((e) => domain === ALL_DOMAINS || e.domain === domain);

  const columns: TableColumn<EndpointSummary>[] = [
    {
      key: 'endpoint',
      header: 'Endpoint',
      width: '38%',
      cell: (e) => (
        <EndpointCell
          method={e.method}
          normalizedPath={e.normalizedPath}
          domain={e.domain}
          methodVariant="table"
        />
      ),
    },
    { key: 'risk', header: 'Risk Score', cell: (e) => <RiskScoreBar score={e.riskScore} /> },
    { key: 'pii', header: 'PII', cell: (e) => <PiiChips types={e.piiTypes} /> },
    {
      key: 'lastSeen',
      header: 'Last Seen',
      cell: (e) => (e.lastSeen ? <RelativeTime date={e.lastSeen} /> : <Muted>{NEVER_SEEN}</Muted>),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (e) => (
        <Actions>
          <Button
            variant="ghost"
            size="sm"
            icon={<Eye size={14} aria-hidden="true" />}
            aria-label={`View ${e.method} ${e.normalizedPath}`}
            onClick={() => onView(e.id)}
          >
            View
          </Button>
          <RescanButton endpoint={e} />
        </Actions>
      ),
    },
  ];

  return (
    <Card
      title="Top Risky Endpoints"
      flush
      actions={
        <>
          <DomainFilter>
            <Select
              aria-label="Filter by domain"
              value={domain}
              onValueChange={setDomain}
              options={[
                { value: ALL_DOMAINS, label: 'All Domains' },
                ...(domains ?? []).map((d) => ({ value: d.name, label: d.name })),
              ]}
            />
          </DomainFilter>
          <Button
            variant="outline"
            icon={<Download size={16} aria-hidden="true" />}
            disabled={rows.length === 0}
            onClick={() =>
              downloadText(datedFileName('argus-top-risky-endpoints', 'csv'), topEndpointsCsv(rows))
            }
          >
            Export
          </Button>
        </>
      }
    >
      <Table
        caption="Top risky endpoints"
        columns={columns}
        rows={rows}
        getRowId={(e) => e.id}
        loading={isLoading}
        skeletonRows={5}
        error={error ? <ErrorState title={loadErrorText('endpoints', error)} /> : undefined}
        empty={<TableMessage>No high-risk endpoints found</TableMessage>}
        footer={
          rows.length > 0 ? (
            <Table.Pagination
              summary={`Showing 1-${rows.length} of ${rows.length} high-risk endpoints`}
              page={1}
              pageCount={1}
            />
          ) : undefined
        }
      />
    </Card>
  );
}
