import type { Endpoint } from '@argus/api';
import { useEndpoint, useRescanEndpoint } from '@argus/api/hooks';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorState,
  formatDateTime,
  formatPiiType,
  formatShortDate,
  SeverityBadge,
  Skeleton,
} from '@argus/ui';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { useNavigate, useParams } from 'react-router-dom';
import { styled } from 'styled-components';
import { EndpointQuickActions } from '../../shared/EndpointQuickActions.js';
import {
  endpointLoadFailure,
  EndpointTitle,
  ItemHead,
  NO_PII,
  VulnerabilityItems,
} from '../../shared/EndpointSections.js';
import { Inline, Muted, Stack } from '../../shared/layout.js';
import { useRescanToasts } from '../../shared/rescanToasts.js';
import { classificationLabel } from '../../shared/text.js';
import { PageHeader } from '../../shell/PageHeader.js';

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

  @media (max-width: 1000px) {
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

const PiiList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-2);
  margin: 0;
  padding: 0;
  list-style: none;
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

function Details({ endpoint }: { endpoint: Endpoint }) {
  return (
    <>
      <Overview>
        <OverviewCard label="Domain" value={endpoint.domain} />
        <OverviewCard label="Risk Score" value={`${endpoint.riskScore} / 100`} />
        <OverviewCard label="First Seen" value={formatShortDate(endpoint.firstSeen)} />
        <OverviewCard label="Last Seen" value={formatShortDate(endpoint.lastSeen)} />
      </Overview>
      <Columns>
        <Card title={`Vulnerabilities (${endpoint.vulnerabilities.length})`}>
          <VulnerabilityItems vulnerabilities={endpoint.vulnerabilities}>
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
                  <Badge tone="purple">{v.owaspCategory}</Badge>
                  <Badge mono>{v.vulnId}</Badge>
                </Inline>
                {v.remediation ? (
                  <Remediation>
                    <Heading>Remediation</Heading>
                    {v.remediation}
                  </Remediation>
                ) : null}
              </>
            )}
          </VulnerabilityItems>
        </Card>
        <Stack $gap={6}>
          <Card title="PII Detected">
            {endpoint.piiTypes.length === 0 ? (
              <Muted>{NO_PII}</Muted>
            ) : (
              <PiiList>
                {endpoint.piiTypes.map((t) => (
                  <li key={t}>
                    <Badge tone="warning">{formatPiiType(t)}</Badge>
                  </li>
                ))}
              </PiiList>
            )}
          </Card>
          <Card title="Details">
            <Stack $gap={3}>
              <Stack>
                <Label>Classification</Label>
                <span>
                  {endpoint.classification ? classificationLabel(endpoint.classification) : 'Unknown'}
                </span>
              </Stack>
              <Stack>
                <Label>Average RPS</Label>
                <span>{(endpoint.avgRps ?? 0).toFixed(2)}</span>
              </Stack>
              {endpoint.lastScanned ? (
                <Stack>
                  <Label>Last Scanned</Label>
                  <span>{formatDateTime(endpoint.lastScanned)}</span>
                </Stack>
              ) : null}
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
          <Card title="Quick Actions">
            <EndpointQuickActions endpoint={endpoint} showRescan={false} />
          </Card>
        </Stack>
      </Columns>
    </>
  );
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
          <Button
            icon={<RefreshCw size={16} aria-hidden="true" />}
            loading={rescan.isMutating}
            loadingText="Rescanning..."
            disabled={!endpoint}
            onClick={() => rescan.trigger().then(toasts.succeeded, toasts.failed)}
          >
            Rescan
          </Button>
        }
      >
        {back}
      </PageHeader>
      {endpoint ? <Details endpoint={endpoint} /> : <LoadingDetails />}
    </>
  );
}
