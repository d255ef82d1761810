import type { Endpoint } from '@argus/api';
import { useEndpoint } from '@argus/api/hooks';
import {
  Badge,
  Dialog,
  formatDecimal,
  formatNumber,
  formatPiiType,
  formatShortDate,
  SeverityBadge,
  Skeleton,
} from '@argus/ui';
import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { EndpointQuickActions } from '../../shared/EndpointQuickActions.js';
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
import { BreakablePath, Muted, Stack } from '../../shared/layout.js';

const Overview = styled.div`
  display: grid;
  /* The domain gets a wider card; a long hostname wraps after a dot, not mid-label. */
  grid-template-columns: minmax(0, 1.4fr) repeat(3, minmax(0, 1fr));
  gap: var(--space-3);

  @media (max-width: 640px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: var(--space-3);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  background: var(--color-surface-muted);
`;

const BoxLabel = styled.span`
  color: var(--color-fg-muted);
  font-size: var(--font-size-xs);
`;

const BoxValue = styled.span`
  font-weight: var(--font-weight-semibold);
  overflow-wrap: anywhere;
`;

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: var(--space-2);
`;

const SectionTitle = styled.h3`
  margin: 0;
  font-size: var(--font-size-md);
  font-weight: var(--font-weight-semibold);
`;

const Mitigation = styled.p`
  margin: 0;
  font-size: var(--font-size-sm);
`;

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box>
      <BoxLabel>{label}</BoxLabel>
      <BoxValue>{value}</BoxValue>
    </Box>
  );
}

/** Spec section 9: requests in 24 h ≈ average RPS × 86,400; the peak is twice the average. */
export function trafficEstimate(avgRps: number) {
  return { requests24h: Math.round(avgRps * 86_400), avgRps, peakRps: avgRps * 2 };
}

function EndpointDetails({ endpoint }: { endpoint: Endpoint }) {
  const traffic = trafficEstimate(endpoint.avgRps);
  const vulns = splitFindings(endpoint.vulnerabilities);
  const pii = splitFindings(piiFindingsOf(endpoint));
  return (
    <Stack $gap={5}>
      <Overview>
        <Stat label="Domain" value={<BreakablePath text={endpoint.domain} />} />
        <Stat label="Risk Score" value={`${endpoint.riskScore} / 100`} />
        <Stat label="First Seen" value={formatShortDate(endpoint.firstSeen)} />
        <Stat label="Avg RPS" value={formatDecimal(endpoint.avgRps, 1)} />
      </Overview>

      <Section aria-labelledby="modal-vulns">
        <SectionTitle id="modal-vulns">Vulnerabilities</SectionTitle>
        <VulnerabilityItems vulnerabilities={vulns.shown} compact>
          {(v) => (
            <>
              <ItemHead $compact>
                <strong>{v.title}</strong>
                <SeverityBadge severity={v.severity} />
              </ItemHead>
              <Muted>{v.description}</Muted>
              {v.remediation ? (
                <Mitigation>
                  <strong>Mitigation Steps:</strong> {v.remediation}
                </Mitigation>
              ) : null}
              <VulnerabilityEvidence endpointId={endpoint.id} vulnerability={v} />
            </>
          )}
        </VulnerabilityItems>
        <HiddenVulnerabilities endpointId={endpoint.id} items={vulns.hidden} />
      </Section>

      <Section aria-labelledby="modal-pii">
        <SectionTitle id="modal-pii">PII Detection</SectionTitle>
        <ItemList items={pii.shown} none={NO_PII} getKey={(p) => p.type} compact>
          {(p) => (
            <>
              <ItemHead $compact>
                <span>{formatPiiType(p.type)}</span>
                <Badge tone="danger">Detected</Badge>
              </ItemHead>
              <PiiEvidence endpointId={endpoint.id} finding={p} />
            </>
          )}
        </ItemList>
        <HiddenPii endpointId={endpoint.id} items={pii.hidden} />
      </Section>

      <Section aria-labelledby="modal-actions">
        <SectionTitle id="modal-actions">Quick Actions</SectionTitle>
        <EndpointQuickActions endpoint={endpoint} />
      </Section>

      <Section aria-labelledby="modal-traffic">
        <SectionTitle id="modal-traffic">Traffic Timeline</SectionTitle>
        <Overview>
          <Stat label="Requests (last 24h, estimated)" value={formatNumber(traffic.requests24h)} />
          <Stat label="Avg RPS" value={formatDecimal(traffic.avgRps, 1)} />
          <Stat label="Peak" value={`${formatDecimal(traffic.peakRps, 1)} RPS`} />
        </Overview>
      </Section>
    </Stack>
  );
}

export interface EndpointDetailsModalProps {
  /** The endpoint to show; null keeps the modal closed. */
  endpointId: string | null;
  onClose: () => void;
}

/** The Endpoint Details modal of the dashboard, opened from a row by endpoint id. */
export function EndpointDetailsModal({ endpointId, onClose }: EndpointDetailsModalProps) {
  const { data: endpoint, error, isLoading } = useEndpoint(endpointId);
  const open = endpointId !== null;
  const onOpenChange = (next: boolean) => {
    if (!next) onClose();
  };

  if (open && !isLoading && (error || !endpoint)) {
    return (
      <Dialog
        open
        onOpenChange={onOpenChange}
        title="Endpoint not found"
        description={endpointLoadFailure(error).message}
        closeButton
        size="sm"
      />
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Endpoint Details"
      description={endpoint ? <EndpointTitle endpoint={endpoint} /> : 'Loading endpoint...'}
      closeButton
      size="lg"
    >
      {endpoint ? (
        <EndpointDetails endpoint={endpoint} />
      ) : (
        <Stack $gap={3} aria-hidden="true">
          <Skeleton height={64} />
          <Skeleton height={120} />
          <Skeleton height={80} />
        </Stack>
      )}
    </Dialog>
  );
}
