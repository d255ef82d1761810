import { paths, type PiiEndpoint } from '@argus/api';
import { useInvalidate, usePiiEndpoints } from '@argus/api/hooks';
import {
  Card,
  ErrorState,
  formatNumber,
  formatPiiType,
  formatShortDate,
  IconButton,
  PiiChips,
  PiiRiskScore,
  SearchInput,
  StatTile,
  Table,
  VisuallyHidden,
  type TableColumn,
} from '@argus/ui';
import { CreditCard, Eye, Fingerprint, Mail, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  EndpointCell,
  FilterSelect,
  SummaryTiles,
  Muted,
  TableMessage,
  Toolbar,
} from '../../shared/layout.js';
import { Pager } from '../../shared/Pager.js';
import { classificationLabel, loadErrorText, matchesSearch } from '../../shared/text.js';
import { usePaging } from '../../shared/usePaging.js';
import { PageHeader } from '../../shell/PageHeader.js';

const ALL = 'all';

export default function PiiPage() {
  const { data, error, isLoading } = usePiiEndpoints();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [type, setType] = useState(ALL);

  const all = data?.endpoints ?? [];
  const types = [...new Set(all.flatMap((e) => e.piiTypes))].sort();
  const rows = all.filter(
    (e) => (type === ALL || e.piiTypes.includes(type)) && matchesSearch(search, e.normalizedPath, e.domain),
  );
  const paging = usePaging(rows);
  const withType = (t: string) => all.filter((e) => e.piiTypes.includes(t)).length;
  const filtering = search.trim() !== '' || type !== ALL;

  const columns: TableColumn<PiiEndpoint>[] = [
    {
      key: 'endpoint',
      header: 'Endpoint',
      width: '34%',
      cell: (e) => <EndpointCell method={e.method} normalizedPath={e.normalizedPath} domain={e.domain} />,
    },
    {
      key: 'types',
      header: 'PII Types',
      cell: (e) => <PiiChips types={e.piiTypes} max={Infinity} labelStyle="named" />,
    },
    { key: 'risk', header: 'Risk Score', cell: (e) => <PiiRiskScore score={e.riskScore} /> },
    {
      key: 'classification',
      header: 'Classification',
      cell: (e) => (e.classification ? classificationLabel(e.classification) : <Muted>Unknown</Muted>),
    },
    {
      key: 'scanned',
      header: 'Last Scanned',
      cell: (e) => (e.lastScanned ? formatShortDate(e.lastScanned) : <Muted>Never</Muted>),
    },
    {
      key: 'view',
      header: <VisuallyHidden>View</VisuallyHidden>,
      align: 'right',
      cell: (e) => (
        <IconButton
          size="sm"
          label={`View ${e.method} ${e.normalizedPath}`}
          onClick={() => navigate(`/endpoints/${encodeURIComponent(e.id)}`)}
        >
          <Eye size={14} aria-hidden="true" />
        </IconButton>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="PII Detection"
        subtitle="Endpoints that expose personal data"
        onRefresh={() => void invalidate(paths.pii())}
        refreshLabel="Refresh PII data"
      />
      <SummaryTiles loading={isLoading}>
        <StatTile
          label="Endpoints with PII"
          value={formatNumber(data?.total ?? all.length)}
          icon={<ShieldAlert size={20} />}
        />
        <StatTile
          label="Email Exposed"
          value={formatNumber(withType('email'))}
          icon={<Mail size={20} />}
          tone="info"
        />
        <StatTile
          label="Payment Data"
          value={formatNumber(withType('credit_card'))}
          icon={<CreditCard size={20} />}
          tone="orange"
        />
        <StatTile
          label="SSN Exposed"
          value={formatNumber(withType('ssn'))}
          icon={<Fingerprint size={20} />}
          tone="danger"
        />
      </SummaryTiles>
      <Toolbar>
        <SearchInput placeholder="Search by path or domain..." value={search} onValueChange={setSearch} />
        <FilterSelect
          label="PII Type"
          value={type}
          onValueChange={setType}
          options={[
            { value: ALL, label: 'All PII Types' },
            ...types.map((t) => ({ value: t, label: formatPiiType(t, 'named') })),
          ]}
        />
      </Toolbar>
      <Card title="Endpoints with PII" flush>
        <Table
          caption="Endpoints with PII"
          columns={columns}
          rows={paging.pageRows}
          getRowId={(e) => e.id}
          loading={isLoading}
          error={error ? <ErrorState title={loadErrorText('PII data', error)} /> : undefined}
          empty={
            <TableMessage>
              {filtering && all.length > 0
                ? 'No endpoints match your filters.'
                : 'No endpoints with PII detected. Run a scan to detect PII exposure.'}
            </TableMessage>
          }
          footer={<Pager {...paging} onPageChange={paging.setPage} noun="endpoints" />}
        />
      </Card>
    </>
  );
}
