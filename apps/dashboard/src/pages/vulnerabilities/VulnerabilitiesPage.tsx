import { paths, type Vulnerability } from '@argus/api';
import { useInvalidate, useVulnerabilities } from '@argus/api/hooks';
import {
  Badge,
  Card,
  ErrorState,
  formatNumber,
  formatShortDate,
  IconButton,
  SearchInput,
  SeverityBadge,
  StatTile,
  Table,
  VisuallyHidden,
  type TableColumn,
} from '@argus/ui';
import { AlertOctagon, AlertTriangle, Eye, Info, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  EndpointCell,
  SummaryTiles,
  FilterSelect,
  Muted,
  Stack,
  TableMessage,
  Toolbar,
  TwoLines,
} from '../../shared/layout.js';
import { Pager } from '../../shared/Pager.js';
import { loadErrorText, matchesSearch, owaspCode } from '../../shared/text.js';
import { usePaging } from '../../shared/usePaging.js';
import { PageHeader } from '../../shell/PageHeader.js';

const ALL = 'all';
const SEVERITY_OPTIONS = [
  { value: ALL, label: 'All' },
  { value: 'critical', label: 'Critical' },
  { value: 'high', label: 'High' },
  { value: 'medium', label: 'Medium' },
  { value: 'low', label: 'Low' },
];

export default function VulnerabilitiesPage() {
  const { data, error, isLoading } = useVulnerabilities();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [severity, setSeverity] = useState(ALL);

  const all = data?.vulnerabilities ?? [];
  const rows = all.filter(
    (v) =>
      (severity === ALL || v.severity.toLowerCase() === severity) &&
      matchesSearch(search, v.title, v.description, v.endpoint?.normalizedPath),
  );
  const paging = usePaging(rows);
  const count = (s: string) => all.filter((v) => v.severity.toLowerCase() === s).length;
  const filtering = search.trim() !== '' || severity !== ALL;

  const columns: TableColumn<Vulnerability>[] = [
    {
      key: 'vulnerability',
      header: 'Vulnerability',
      width: '36%',
      cell: (v) => (
        <Stack>
          <span>
            <Badge mono>{v.vulnId}</Badge>
          </span>
          <strong>{v.title}</strong>
          <TwoLines>{v.description}</TwoLines>
        </Stack>
      ),
    },
    {
      key: 'endpoint',
      header: 'Endpoint',
      cell: (v) => (v.endpoint ? <EndpointCell {...v.endpoint} /> : <Muted>N/A</Muted>),
    },
    {
      key: 'owasp',
      header: 'OWASP',
      cell: (v) => <span title={v.owaspCategory || undefined}>{owaspCode(v.owaspCategory)}</span>,
    },
    { key: 'severity', header: 'Severity', cell: (v) => <SeverityBadge severity={v.severity} /> },
    {
      key: 'scanDate',
      header: 'Scan Date',
      cell: (v) => <span style={{ whiteSpace: 'nowrap' }}>{formatShortDate(v.scanDate)}</span>,
    },
    {
      key: 'view',
      header: <VisuallyHidden>View</VisuallyHidden>,
      align: 'right',
      cell: (v) => (
        <IconButton
          size="sm"
          label={`View endpoint of ${v.title}`}
          disabled={!v.endpointId}
          onClick={() => v.endpointId && navigate(`/endpoints/${encodeURIComponent(v.endpointId)}`)}
        >
          <Eye size={14} aria-hidden="true" />
        </IconButton>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Vulnerability Management"
        subtitle="Security findings across every endpoint"
        onRefresh={() => void invalidate(paths.vulnerabilities())}
        refreshLabel="Refresh vulnerabilities"
      />
      <SummaryTiles loading={isLoading}>
        <StatTile
          label="Total"
          value={formatNumber(data?.total ?? all.length)}
          icon={<ShieldAlert size={20} />}
        />
        <StatTile
          label="Critical"
          value={formatNumber(count('critical'))}
          icon={<AlertOctagon size={20} />}
          tone="danger"
        />
        <StatTile
          label="High"
          value={formatNumber(count('high'))}
          icon={<AlertTriangle size={20} />}
          tone="orange"
        />
        <StatTile
          label="Medium"
          value={formatNumber(count('medium'))}
          icon={<Info size={20} />}
          tone="warning"
        />
      </SummaryTiles>
      <Toolbar>
        <SearchInput placeholder="Search vulnerabilities..." value={search} onValueChange={setSearch} />
        <FilterSelect
          label="Severity"
          value={severity}
          onValueChange={setSeverity}
          options={SEVERITY_OPTIONS}
        />
      </Toolbar>
      <Card title="Vulnerabilities" flush>
        <Table
          caption="Vulnerabilities"
          columns={columns}
          rows={paging.pageRows}
          getRowId={(v) => v.id}
          loading={isLoading}
          error={error ? <ErrorState title={loadErrorText('vulnerabilities', error)} /> : undefined}
          empty={
            <TableMessage>
              {filtering && all.length > 0
                ? 'No vulnerabilities match your filters.'
                : 'No vulnerabilities found. Run a scan to detect security issues.'}
            </TableMessage>
          }
          footer={<Pager {...paging} onPageChange={paging.setPage} noun="vulnerabilities" />}
        />
      </Card>
    </>
  );
}
