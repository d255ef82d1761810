// The OpenTelemetry source of a domain (issue 45): where an SDK or Collector sends its traces,
// how to get the token it needs (never the token itself), what the receiver has taken in, and
// how discovery agrees with the routes the domain's traces declare.
import type { OtlpReceipts } from '@argus/api';
import { useOtlpReceipts } from '@argus/api/hooks';
import { formatDateTime, formatNumber } from '@argus/ui';
import { Fragment } from 'react';
import { Mono, Muted, Stack } from '../../shared/layout.js';
import { useAllowed } from '../../shared/roles.js';
import { loadErrorText } from '../../shared/text.js';
import { Facts, Heading } from './source-layout.js';
import { TraceAgreementSummary } from './TraceAgreementSummary.js';

function TokenHint({ receipts }: { receipts: OtlpReceipts }) {
  const admin = useAllowed('admin');
  if (!admin) return <span>Ask an admin for the ingest token.</span>;
  if (!receipts.ingestTokenSet)
    return <span>No ingest token is set: set ARGUS_INGEST_TOKEN on the server and restart it.</span>;
  return (
    <span>
      The server&apos;s ARGUS_INGEST_TOKEN, as Authorization: Bearer &lt;token&gt;. It is never shown here.
    </span>
  );
}

function Received({ receipts }: { receipts: OtlpReceipts }) {
  const { totals, domain } = receipts;
  const rows: [string, number][] = [
    ['Spans received (all domains)', totals.spans],
    ['Server spans made observations', totals.observations],
    ['Skipped: client and other kinds', totals.notServer],
    ['Skipped: no HTTP method', totals.notHttp],
    ['Skipped: no host or path', totals.unplaced],
    ['Rejected', totals.rejected],
    [`Observations for ${domain.name}`, domain.observations],
  ];
  return (
    <section aria-label="Spans received">
      <Heading>Received</Heading>
      <Facts>
        {rows.map(([label, n]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{formatNumber(n)}</dd>
          </Fragment>
        ))}
        <dt>Last received</dt>
        <dd>{totals.lastReceived ? formatDateTime(totals.lastReceived) : 'Never'}</dd>
      </Facts>
    </section>
  );
}

export function OpenTelemetrySource({ domain }: { domain: string }) {
  const { data, error, isLoading } = useOtlpReceipts(domain);
  if (isLoading) return <Muted>Loading OpenTelemetry source...</Muted>;
  if (error || !data) return <Muted role="alert">{loadErrorText('OpenTelemetry source', error)}</Muted>;
  const url = data.url ?? `${window.location.origin}${data.path}`;
  return (
    <Stack $gap={4}>
      <section aria-label="Send traces">
        <Heading>OpenTelemetry</Heading>
        <Facts>
          <dt>Endpoint</dt>
          <dd>
            <Mono>{url}</Mono>
          </dd>
          <dt>Protocol</dt>
          <dd>OTLP/HTTP, protobuf or JSON, gzip allowed</dd>
          <dt>Token</dt>
          <dd>
            <TokenHint receipts={data} />
          </dd>
        </Facts>
      </section>
      <Received receipts={data} />
      <TraceAgreementSummary domain={domain} />
    </Stack>
  );
}
