import { paths, type PiiEndpoint } from '@argus/api';
import { useInvalidate, usePiiEndpoints } from '@argus/api/hooks';
import {
  formatNumber,
  formatPiiType,
  formatShortDate,
  PiiChips,
  PiiRiskScore,
  StatTile,
  type TableColumn,
} from '@argus/ui';
import { CreditCard, Fingerprint, Mail, ShieldAlert } from 'lucide-react';
import { EndpointCell, Muted } from '../../shared/layout.js';
import { ALL, ListPage } from '../../shared/ListPage.js';
import { classificationLabel } from '../../shared/text.js';

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
];

export default function PiiPage() {
  const { data, error, isLoading } = usePiiEndpoints();
  const invalidate = useInvalidate();

  const all = data?.endpoints ?? [];
  const types = [...new Set(all.flatMap((e) => e.piiTypes))].sort();
  const withType = (t: string) => all.filter((e) => e.piiTypes.includes(t)).length;

  return (
    <ListPage
      title="PII Detection"
      subtitle="Endpoints that expose personal data"
      onRefresh={() => void invalidate(paths.pii())}
      refreshLabel="Refresh PII data"
      tiles={
        <>
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
        </>
      }
      rows={all}
      loading={isLoading}
      error={error}
      search={{ placeholder: 'Search by path or domain...', texts: (e) => [e.normalizedPath, e.domain] }}
      filter={{
        label: 'PII Type',
        options: [
          { value: ALL, label: 'All PII Types' },
          ...types.map((t) => ({ value: t, label: formatPiiType(t, 'named') })),
        ],
        keeps: (e, type) => e.piiTypes.includes(type),
      }}
      tableTitle="Endpoints with PII"
      columns={columns}
      getRowId={(e) => e.id}
      view={{ label: (e) => `View ${e.method} ${e.normalizedPath}`, endpointId: (e) => e.id }}
      errorSubject="PII data"
      emptyText="No endpoints with PII detected. Run a scan to detect PII exposure."
      noMatchText="No endpoints match your filters."
      noun="endpoints"
    />
  );
}
