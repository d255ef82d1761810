import { paths, type EndpointSummary } from '@argus/api';
import { useEndpoints, useInvalidate } from '@argus/api/hooks';
import {
  Card,
  ErrorState,
  formatNumber,
  IconButton,
  PiiChips,
  RiskScoreBar,
  SearchInput,
  Table,
  type TableColumn,
} from '@argus/ui';
import { Eye, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import { Actions, EndpointCell, TableMessage, Toolbar } from '../../shared/layout.js';
import { Pager } from '../../shared/Pager.js';
import { serverPage } from '../../shared/usePaging.js';
import { useRowRescan } from '../../shared/rescanToasts.js';
import { useAllowed } from '../../shared/roles.js';
import { loadErrorText } from '../../shared/text.js';
import { useDebouncedValue } from '../../shared/useDebouncedValue.js';
import { PageHeader } from '../../shell/PageHeader.js';

/** Rows per server page: 100k endpoints are read 50 at a time with limit/offset. */
export const ENDPOINTS_PAGE_SIZE = 50;

export const IconLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 28px;
  height: 28px;
  border-radius: var(--radius-md);
  color: var(--color-fg-muted);

  &:hover {
    background: var(--color-surface-hover);
    color: var(--color-fg);
  }
`;

const Classification = styled.span`
  font-size: var(--font-size-sm);
`;

function RescanIcon({ endpoint }: { endpoint: EndpointSummary }) {
  const { pending, rescan } = useRowRescan(endpoint.id);
  const allowed = useAllowed('analyst');
  if (!allowed) return null;
  return (
    <IconButton
      size="sm"
      label={`Rescan ${endpoint.method} ${endpoint.normalizedPath}`}
      loading={pending}
      onClick={rescan}
    >
      <RefreshCw size={14} aria-hidden="true" />
    </IconButton>
  );
}

const columns: TableColumn<EndpointSummary>[] = [
  {
    key: 'endpoint',
    header: 'Endpoint',
    width: '40%',
    cell: (e) => <EndpointCell method={e.method} normalizedPath={e.normalizedPath} domain={e.domain} />,
  },
  {
    key: 'classification',
    header: 'Classification',
    cell: (e) => <Classification>{e.classification}</Classification>,
  },
  { key: 'risk', header: 'Risk Score', cell: (e) => <RiskScoreBar score={e.riskScore} /> },
  { key: 'pii', header: 'PII', cell: (e) => <PiiChips types={e.piiTypes} /> },
  {
    key: 'actions',
    header: 'Actions',
    align: 'right',
    cell: (e) => (
      <Actions>
        <IconLink
          to={`/endpoints/${encodeURIComponent(e.id)}`}
          aria-label={`View ${e.method} ${e.normalizedPath}`}
          title="View"
        >
          <Eye size={14} aria-hidden="true" />
        </IconLink>
        <RescanIcon endpoint={e} />
      </Actions>
    ),
  },
];

export default function EndpointsPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const term = useDebouncedValue(search.trim());
  const invalidate = useInvalidate();
  const offset = (page - 1) * ENDPOINTS_PAGE_SIZE;
  const { data, error, isLoading } = useEndpoints({
    q: term || undefined,
    limit: ENDPOINTS_PAGE_SIZE,
    offset,
  });
  // The unfiltered total for the card title, whatever the search.
  const { data: all } = useEndpoints({ limit: 1 });
  // Read the next page ahead so "Next" is instant.
  const total = data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / ENDPOINTS_PAGE_SIZE));
  useEndpoints({
    q: term || undefined,
    limit: ENDPOINTS_PAGE_SIZE,
    offset: page < pageCount ? offset + ENDPOINTS_PAGE_SIZE : offset,
  });

  const searching = term !== '';
  const allTotal = all?.total ?? (searching ? undefined : data?.total);
  const title = `All Endpoints (${allTotal === undefined ? '…' : formatNumber(allTotal)})${
    searching && data ? ` - Showing ${formatNumber(data.total)} matches` : ''
  }`;

  return (
    <>
      <PageHeader
        title="API Endpoints"
        subtitle="Manage and monitor all discovered endpoints"
        onRefresh={() => void invalidate(paths.endpoints())}
        refreshLabel="Refresh endpoints"
      />
      <Toolbar>
        <SearchInput
          placeholder="Search endpoints..."
          value={search}
          onValueChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
      </Toolbar>
      <Card title={title} flush>
        <Table
          caption="All endpoints"
          columns={columns}
          rows={data?.endpoints ?? []}
          getRowId={(e) => e.id}
          error={
            isLoading ? (
              <TableMessage>Loading endpoints...</TableMessage>
            ) : error ? (
              <ErrorState title={loadErrorText('endpoints', error)} />
            ) : undefined
          }
          empty={
            <TableMessage>
              {searching
                ? `No endpoints match your search "${term}". Try a different search term.`
                : 'No endpoints found. Try running a scan to discover endpoints.'}
            </TableMessage>
          }
          footer={
            <Pager
              {...serverPage(total, page, ENDPOINTS_PAGE_SIZE)}
              onPageChange={setPage}
              noun="endpoints"
            />
          }
        />
      </Card>
    </>
  );
}
