import type { Endpoint } from '@argus/api';
import { useEndpoint, useEndpointTestResults, useRescanEndpoint } from '@argus/api/hooks';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorState,
  formatDateTime,
  formatNumber,
  formatPiiType,
  formatShortDate,
  SeverityBadge,
  Skeleton,
} from '@argus/ui';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { useNavigate, useParams } from 'react-router-dom';
import { styled } from 'styled-components';
import { EndpointQuickActions } from '../../shared/EndpointQuickActions.js';
import { EndpointTemplateActions } from '../../shared/EndpointTemplateActions.js';
import {
  HiddenPii,
  HiddenVulnerabilities,
  PiiEvidence,
  piiFindingsOf,
  splitFindings,
  VulnerabilityEvidence,
} from '../../shared/Findings.js';
import {
  endpointLoadFailure,
  EndpointTitle,
  ItemHead,
  ItemList,
  NO_PII,
  VulnerabilityItems,
} from '../../shared/EndpointSections.js';
import { Inline, Muted, Stack } from '../../shared/layout.js';
import { useRescanToasts } from '../../shared/rescanToasts.js';
import { useAllowed } from '../../shared/roles.js';
import { TestResultsTable } from '../../shared/TestResultsTable.js';
import { classificationLabel, NEVER_SEEN } from '../../shared/text.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { BolaCandidates } from './BolaCandidates.js';
import { MergeReasons } from './MergeReasons.js';
import { TracedRoute } from './TracedRoute.js';

const Overview = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: var(--space-4);
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(260px, 1fr);
  gap: var(--space-6);
  align-items: start;

  /* The shell's width, not the window's: the same in the app and in a story's phone frame. */
  @container app-shell (max-width: 1000px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Label = styled.span`
  color: var(--color-fg-muted);
  font-size: var(--font-size-sm);
`;

const Value = styled.span`
  font-size: var(--font-size-lg);
  font-weight: var(--font-weight-semibold);
  overflow-wrap: anywhere;
`;

const Remediation = styled.div`
  padding: var(--space-3);
  border-radius: var(--radius-md);
  background: var(--tone-info-bg);
  color: var(--tone-info-fg);
  font-size: var(--font-size-sm);
`;

const Heading = styled.h3`
  margin: 0 0 var(--space-1);
  font-size: var(--font-size-sm);
  font-weight: var(--font-weight-semibold);
`;

function OverviewCard({ label, value }: { label: string; value: string }) {
  return (
    <Card aria-label={label}>
      <Stack>
        <Label>{label}</Label>
        <Value>{value}</Value>
      </Stack>
    </Card>
  );
}

/** The latest outcome of every security test run on this endpoint. */
function SecurityTestResults({ endpoint }: { endpoint: Endpoint }) {
  const { data: results, error } = useEndpointTestResults(endpoint.id);
  return (
    <Card
      title={`Security Tests (${results?.length ?? 0})`}
      description="Active tests run on this endpoint and their latest outcome"
      flush
    >
      {error ? (
        <ErrorState title="Failed to load security test results" />
      ) : (
        <TestResultsTable
          results={results ?? []}
          caption="Security tests run on this endpoint"
          domain={endpoint.domain}
        />
      )}
    </Card>
  );
}

/** Rates under 0.01 per second read as requests a day (averaged over at least a day). */
function formatAverageRps(rps: number): string {
  if (rps === 0 || rps >= 0.01) return rps.toFixed(2);
  const perDay = Math.round(rps * 86_400);
  return `< 0.01 (${perDay.toLocaleString('en-US')} ${perDay === 1 ? 'request' : 'requests'} a day)`;
}

function Details({ endpoint }: { endpoint: Endpoint }) {
  const vulns = splitFindings(endpoint.vulnerabilities);
  const pii = splitFindings(piiFindingsOf(endpoint));
  return (
    <>
      <Overview>
        <OverviewCard label="Domain" value={endpoint.domain} />
        <OverviewCard label="Risk Score" value={`${endpoint.riskScore} / 100`} />
        <OverviewCard label="First Seen" value={formatShortDate(endpoint.firstSeen)} />
        <OverviewCard
          label="Last Seen"
          value={endpoint.lastSeen ? formatShortDate(endpoint.lastSeen) : NEVER_SEEN}
        />
      </Overview>
      <Columns>
        <Card title={`Vulnerabilities (${vulns.shown.length})`}>
          <Stack $gap={3}>
            <VulnerabilityItems vulnerabilities={vulns.shown}>
              {(v) => (
                <>
                  <ItemHead>
                    <Stack>
                      <strong>{v.title}</strong>
                      <Muted>{v.description}</Muted>
                    </Stack>
                    <SeverityBadge severity={v.severity} />
                  </ItemHead>
                  <Inline>
                    {v.confirmed ? <Badge tone="danger">Confirmed by a test</Badge> : null}
                    <Badge tone="purple">{v.owaspCategory}</Badge>
                    <Badge mono>{v.vulnId}</Badge>
                  </Inline>
                  {v.remediation ? (
                    <Remediation>
                      <Heading>Remediation</Heading>
                      {v.remediation}
                    </Remediation>
                  ) : null}
                  <VulnerabilityEvidence endpointId={endpoint.id} vulnerability={v} />
                </>
              )}
            </VulnerabilityItems>
            <HiddenVulnerabilities endpointId={endpoint.id} items={vulns.hidden} />
          </Stack>
        </Card>
        <Stack $gap={6}>
          <Card title="PII Detected">
            <Stack $gap={3}>
              <ItemList items={pii.shown} none={NO_PII} getKey={(p) => p.type}>
                {(p) => (
                  <>
                    <span>
                      <Badge tone="warning">{formatPiiType(p.type)}</Badge>
                    </span>
                    <PiiEvidence endpointId={endpoint.id} finding={p} />
                  </>
                )}
              </ItemList>
              <HiddenPii endpointId={endpoint.id} items={pii.hidden} />
            </Stack>
          </Card>
          <Card title="Details">
            <Stack $gap={3}>
              <Stack>
                <Label>Classification</Label>
                <span>
                  {endpoint.classification ? classificationLabel(endpoint.classification) : 'Unknown'}
                </span>
              </Stack>
              {details(endpoint).map(([label, value]) => (
                <Stack key={label}>
                  <Label>{label}</Label>
                  <span>{value}</span>
                </Stack>
              ))}
              <TracedRoute endpoint={endpoint} label={<Label>Templating</Label>} />
              {endpoint.riskBreakdown?.explanation.length ? (
                <Stack>
                  <Label>Why this score</Label>
                  <ul style={{ margin: 0, paddingLeft: 18 }}>
                    {endpoint.riskBreakdown.explanation.map((line) => (
                      <li key={line}>
                        <Muted>{line}</Muted>
                      </li>
                    ))}
                  </ul>
                </Stack>
              ) : null}
            </Stack>
          </Card>
          <MergeReasons merges={endpoint.merges ?? []} />
          <BolaCandidates endpoint={endpoint} />
          <Card title="Quick Actions">
            <EndpointQuickActions endpoint={endpoint} showRescan={false} />
          </Card>
        </Stack>
      </Columns>
      <SecurityTestResults endpoint={endpoint} />
    </>
  );
}

/** The Details card's labelled values after the classification; absent ones are left out. */
function details(endpoint: Endpoint): [string, string][] {
  const list: [string, string][] = [['Average RPS', formatAverageRps(endpoint.avgRps ?? 0)]];
  if (endpoint.preflights) list.push(['CORS Preflights', formatNumber(endpoint.preflights)]);
  if (endpoint.lastScanned) list.push(['Last Scanned', formatDateTime(endpoint.lastScanned)]);
  return list;
}

function LoadingDetails() {
  return (
    <Stack $gap={6} role="status" aria-busy="true" aria-label="Loading endpoint">
      <Overview>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={76} />
        ))}
      </Overview>
      <Columns>
        <Skeleton height={280} />
        <Skeleton height={180} />
      </Columns>
    </Stack>
  );
}

export default function EndpointDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data: endpoint, error, isLoading } = useEndpoint(id);
  const rescan = useRescanEndpoint(id);
  const toasts = useRescanToasts();
  const canRescan = useAllowed('analyst');
  const back = (
    <Button
      variant="ghost"
      icon={<ArrowLeft size={16} aria-hidden="true" />}
      onClick={() => navigate('/endpoints')}
    >
      Back
    </Button>
  );

  if (!isLoading && (error || !endpoint)) {
    const { notFound, message } = endpointLoadFailure(error);
    return (
      <>
        <PageHeader title="Endpoint Details">{back}</PageHeader>
        {notFound ? (
          <EmptyState
            title="Endpoint Not Found"
            description={message}
            action={<Button onClick={() => navigate('/endpoints')}>Back to Endpoints</Button>}
          />
        ) : (
          <ErrorState
            title={message}
            action={<Button onClick={() => navigate('/endpoints')}>Back to Endpoints</Button>}
          />
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={
          <Inline as="span" $gap={3}>
            Endpoint Details
            {endpoint ? <EndpointTitle endpoint={endpoint} /> : null}
          </Inline>
        }
        primaryAction={
          canRescan ? (
            <Button
              icon={<RefreshCw size={16} aria-hidden="true" />}
              loading={rescan.isMutating}
              loadingText="Rescanning..."
              disabled={!endpoint}
              onClick={() => rescan.trigger().then(toasts.succeeded, toasts.failed)}
            >
              Rescan
            </Button>
          ) : undefined
        }
      >
        {back}
      </PageHeader>
      {endpoint ? <EndpointTemplateActions endpoint={endpoint} /> : null}
      {endpoint ? <Details endpoint={endpoint} /> : <LoadingDetails />}
    </>
  );
}
