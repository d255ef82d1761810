import { paths, type Vulnerability } from '@argus/api';
import { useInvalidate, useVulnerabilities } from '@argus/api/hooks';
import {
  Badge,
  Card,
  evidenceLocation,
  formatNumber,
  formatShortDate,
  SeverityBadge,
  StatTile,
  type TableColumn,
} from '@argus/ui';
import { AlertOctagon, AlertTriangle, Info, ShieldAlert } from 'lucide-react';
import { HiddenFinding, HiddenFindings, splitFindings, vulnerabilityTarget } from '../../shared/Findings.js';
import { EndpointCell, Mono, Muted, Stack, TwoLines } from '../../shared/layout.js';
import { ALL, ListPage } from '../../shared/ListPage.js';
import { owaspCode } from '../../shared/text.js';

const SEVERITY_OPTIONS = [
  { value: ALL, label: 'All' },
  { value: 'critical', label: 'Critical' },
  { value: 'high', label: 'High' },
  { value: 'medium', label: 'Medium' },
  { value: 'low', label: 'Low' },
];

/** The first piece of evidence in one line: where, the field, the redacted sample; the rule on hover. */
function WhyFlagged({ vulnerability }: { vulnerability: Vulnerability }) {
  const first = vulnerability.evidence?.[0];
  if (!first) return null;
  const more = (vulnerability.evidence?.length ?? 1) - 1;
  return (
    <Muted title={first.rule}>
      {`Why flagged: ${evidenceLocation(first)}`}
      {first.field ? (
        <>
          {' · '}
          <Mono>{first.field}</Mono>
        </>
      ) : null}
      {first.sample ? (
        <>
          {' · '}
          <Mono>{first.sample}</Mono>
        </>
      ) : null}
      {more > 0 ? ` (+${more} more)` : null}
    </Muted>
  );
}

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
        <WhyFlagged vulnerability={v} />
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
];

export default function VulnerabilitiesPage() {
  const { data, error, isLoading } = useVulnerabilities();
  const invalidate = useInvalidate();

  // Findings marked false positive are listed apart and counted nowhere.
  const { shown: all, hidden } = splitFindings(data?.vulnerabilities ?? []);
  const count = (s: string) => all.filter((v) => v.severity.toLowerCase() === s).length;

  return (
    <>
      <ListPage
        title="Vulnerability Management"
        subtitle="Security findings across every endpoint"
        onRefresh={() => void invalidate(paths.vulnerabilities())}
        refreshLabel="Refresh vulnerabilities"
        tiles={
          <>
            <StatTile
              label="Total"
              value={formatNumber(data ? data.total - hidden.length : 0)}
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
          </>
        }
        rows={all}
        loading={isLoading}
        error={error}
        search={{
          placeholder: 'Search vulnerabilities...',
          texts: (v) => [v.title, v.description, v.endpoint?.normalizedPath],
        }}
        filter={{
          label: 'Severity',
          options: SEVERITY_OPTIONS,
          keeps: (v, severity) => v.severity.toLowerCase() === severity,
        }}
        tableTitle="Vulnerabilities"
        columns={columns}
        getRowId={(v) => v.id}
        view={{ label: (v) => `View endpoint of ${v.title}`, endpointId: (v) => v.endpointId }}
        errorSubject="vulnerabilities"
        emptyText="No vulnerabilities found. Run a scan to detect security issues."
        noMatchText="No vulnerabilities match your filters."
        noun="vulnerabilities"
      />
      {hidden.length > 0 ? (
        <Card title="False positives">
          <HiddenFindings items={hidden} getKey={(v) => v.id}>
            {(v) => (
              <>
                {v.endpoint ? <EndpointCell {...v.endpoint} /> : null}
                <HiddenFinding endpointId={v.endpointId ?? ''} {...vulnerabilityTarget(v)} />
              </>
            )}
          </HiddenFindings>
        </Card>
      ) : null}
    </>
  );
}
