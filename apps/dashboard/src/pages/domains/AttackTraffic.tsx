import type { Domain, DomainTrafficSummary } from '@argus/api';
import { Badge, Button, Dialog, formatDateTime, formatNumber } from '@argus/ui';
import { ShieldAlert } from 'lucide-react';
import { styled } from 'styled-components';
import { Muted, Stack } from '../../shared/layout.js';
import { Heading } from './source-layout.js';

/** What each kind of reconnaissance is, in a user's words. */
const KIND_TEXT: Record<string, string> = {
  dotfile: 'Dotfiles (.env, .git)',
  wordpress: 'WordPress probes',
  'php-probe': 'PHP probes (phpunit, phpMyAdmin)',
  traversal: 'Path traversal',
  binary: 'Binary bytes (TLS to HTTP)',
  'not-http': 'Not HTTP (RDP, HELP, CONNECT)',
  cgi: 'CGI probes',
  'admin-probe': 'Admin and status pages',
  injection: 'Injection in the path',
  unanswered: 'Paths that only ever failed',
  scanner: 'Routes only scanners asked for',
};

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: var(--space-2);
`;

const Rows = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: var(--space-1);
`;

const Row = styled.li`
  display: flex;
  justify-content: space-between;
  gap: var(--space-3);
  font-size: var(--font-size-sm);
`;

const Path = styled.span`
  font-family: var(--font-mono);
  overflow-wrap: anywhere;
`;

function Counts({ title, rows }: { title: string; rows: { key: string; label: string; count: number }[] }) {
  if (rows.length === 0) return null;
  return (
    <Section aria-label={title}>
      <Heading>{title}</Heading>
      <Rows>
        {rows.map((r) => (
          <Row key={r.key}>
            <Path>{r.label}</Path>
            <span>{formatNumber(r.count)}</span>
          </Row>
        ))}
      </Rows>
    </Section>
  );
}

function TrafficDetails({ traffic }: { traffic: DomainTrafficSummary }) {
  const { attack } = traffic;
  const kinds = Object.entries(attack.byKind)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, count]) => ({ key: kind, label: KIND_TEXT[kind] ?? kind, count }));
  return (
    <Stack $gap={4}>
      {attack.firstSeen && attack.lastSeen ? (
        <Muted>
          From {formatDateTime(attack.firstSeen)} to {formatDateTime(attack.lastSeen)}
        </Muted>
      ) : null}
      <Counts title="By kind" rows={kinds} />
      <Counts
        title="Most probed paths"
        rows={attack.topPaths.slice(0, 10).map((p) => ({ key: p.path, label: p.path, count: p.count }))}
      />
      <Counts
        title="Busiest clients"
        rows={attack.byClient.slice(0, 5).map((c) => ({ key: c.client, label: c.client, count: c.count }))}
      />
      <Muted>
        Also not API traffic: {formatNumber(traffic.pageRequests ?? 0)} page loads,{' '}
        {formatNumber(traffic.staticRequests)} static assets, {formatNumber(traffic.browserRequests)} browser
        requests, {formatNumber(traffic.preflights)} CORS preflights.
      </Muted>
    </Stack>
  );
}

/**
 * The reconnaissance a domain received (scanner signatures, paths that only
 * ever failed), as a badge-like button opening the details; nothing when none.
 */
export function AttackTraffic({ domain }: { domain: Domain }) {
  const traffic = domain.traffic;
  if (!traffic || traffic.attack.requests === 0) return null;
  const n = traffic.attack.requests;
  return (
    <Dialog
      title={`Attack traffic on ${domain.name}`}
      description={`${formatNumber(n)} scanner ${n === 1 ? 'request' : 'requests'}: none of them became an endpoint.`}
      closeButton
      size="md"
      trigger={
        <Button variant="outline" size="sm" icon={<ShieldAlert size={14} aria-hidden="true" />}>
          <Badge tone="warning">{formatNumber(n)}</Badge> scanner {n === 1 ? 'request' : 'requests'}
        </Button>
      }
    >
      <TrafficDetails traffic={traffic} />
    </Dialog>
  );
}
