// Why each finding of an endpoint was flagged, and the per-finding false-positive
// action: the evidence list under every vulnerability and PII type, "Mark false
// positive" (with an optional reason) / "Restore", and the hidden findings listed
// apart, collapsed. Used by the Endpoint Details modal and page.
import type {
  Endpoint,
  FalsePositiveMark,
  FindingFalsePositive,
  PiiFinding,
  Vulnerability,
} from '@argus/api';
import { useMarkFinding } from '@argus/api/hooks';
import {
  Button,
  Dialog,
  EvidenceList,
  FormField,
  formatNumber,
  formatPiiType,
  Textarea,
  useToast,
} from '@argus/ui';
import { EyeOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { styled } from 'styled-components';
import { Muted, Stack } from './layout.js';
import { useAllowed } from './roles.js';
import { failureToast } from './toasts.js';

const Hidden = styled.details`
  border: 1px dashed var(--color-border);
  border-radius: var(--radius-md);
  padding: var(--space-2) var(--space-3);

  & > summary {
    cursor: pointer;
    color: var(--color-fg-muted);
    font-size: var(--font-size-sm);
  }
  &[open] > summary {
    margin-bottom: var(--space-2);
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
`;

/** "Hidden by admin: test card of the sandbox". */
export function markText(mark: FalsePositiveMark): string {
  const by = mark.markedBy ? ` by ${mark.markedBy}` : '';
  return `Marked false positive${by}${mark.reason ? `: ${mark.reason}` : ''}`;
}

interface MarkProps {
  endpointId: string;
  kind: FindingFalsePositive['kind'];
  /** The PII type or the vulnerability's id. */
  target: string;
  /** What a person calls the finding, e.g. "Credit card number" or the vulnerability title. */
  name: string;
  mark: FalsePositiveMark | null | undefined;
}

/**
 * "Mark false positive" (asks for an optional reason) or, on a hidden finding,
 * "Restore"; nothing for a viewer (the server allows it from analyst up).
 */
export function MarkFindingButton({ endpointId, kind, target, name, mark }: MarkProps) {
  const { trigger, isMutating } = useMarkFinding(endpointId);
  const { toast } = useToast();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const allowed = useAllowed('analyst');
  if (!allowed) return null;

  const send = async (falsePositive: boolean) => {
    try {
      await trigger({ kind, target, falsePositive, ...(reason.trim() ? { reason: reason.trim() } : {}) });
      toast(
        falsePositive
          ? {
              title: 'Marked as False Positive',
              description: `${name} no longer counts towards the risk score or raises alerts.`,
            }
          : { title: 'Finding Restored', description: `${name} counts towards the risk score again.` },
      );
      setAsking(false);
      setReason('');
    } catch (error) {
      toast(
        failureToast(falsePositive ? 'Could not mark the finding' : 'Could not restore the finding', error),
      );
    }
  };

  if (mark) {
    return (
      <Button
        variant="outline"
        size="sm"
        loading={isMutating}
        loadingText="Restoring..."
        aria-label={`Restore ${name}`}
        onClick={() => void send(false)}
      >
        Restore
      </Button>
    );
  }
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        icon={<EyeOff size={14} aria-hidden="true" />}
        aria-label={`Mark false positive: ${name}`}
        onClick={() => setAsking(true)}
      >
        Mark false positive
      </Button>
      {asking ? (
        <Dialog
          open
          onOpenChange={setAsking}
          title="Mark as False Positive"
          description={`${name} will be hidden from the risk score and raise no alerts, across rescans, until restored.`}
          size="sm"
          footer={
            <>
              <Button variant="outline" onClick={() => setAsking(false)}>
                Cancel
              </Button>
              <Button loading={isMutating} loadingText="Marking..." onClick={() => void send(true)}>
                Mark false positive
              </Button>
            </>
          }
        >
          <FormField label="Reason (optional)" hint="Kept with the finding and in the audit log.">
            <Textarea value={reason} maxLength={500} rows={3} onChange={(e) => setReason(e.target.value)} />
          </FormField>
        </Dialog>
      ) : null}
    </>
  );
}

/** The findings a person hid, collapsed under "Hidden as false positives (n)". */
export function HiddenFindings<T>({
  items,
  getKey,
  children,
}: {
  items: readonly T[];
  getKey: (item: T) => string;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return null;
  return (
    <Hidden>
      <summary>{`Hidden as false positives (${items.length})`}</summary>
      <Stack $gap={3}>
        {items.map((item) => (
          <Stack key={getKey(item)} $gap={1}>
            {children(item)}
          </Stack>
        ))}
      </Stack>
    </Hidden>
  );
}

/** Splits findings into those that count and those marked false positive. */
export function splitFindings<T extends { falsePositive?: FalsePositiveMark | null }>(items: readonly T[]) {
  return {
    shown: items.filter((item) => !item.falsePositive),
    hidden: items.filter((item) => item.falsePositive),
  };
}

/** An endpoint's PII findings, from `piiFindings` (or bare types from an older server). */
export function piiFindingsOf(endpoint: Endpoint): PiiFinding[] {
  return (
    endpoint.piiFindings ??
    endpoint.piiTypes.map((type) => ({ type, count: 0, evidence: [], falsePositive: null }))
  );
}

type Target = Omit<MarkProps, 'endpointId'>;

/** How the mark call and the buttons name a vulnerability. */
export const vulnerabilityTarget = (v: Vulnerability): Target => ({
  kind: 'vulnerability',
  target: v.id,
  name: v.title,
  mark: v.falsePositive,
});

/** How the mark call and the buttons name a PII type. */
const piiTarget = (p: PiiFinding): Target => ({
  kind: 'pii',
  target: p.type,
  name: formatPiiType(p.type),
  mark: p.falsePositive,
});

/** The evidence and action under a vulnerability. */
export function VulnerabilityEvidence({
  endpointId,
  vulnerability,
}: {
  endpointId: string;
  vulnerability: Vulnerability;
}) {
  return (
    <>
      <EvidenceList items={vulnerability.evidence ?? []} />
      <Actions>
        <MarkFindingButton endpointId={endpointId} {...vulnerabilityTarget(vulnerability)} />
      </Actions>
    </>
  );
}

/** The evidence and action under a PII type. */
export function PiiEvidence({ endpointId, finding }: { endpointId: string; finding: PiiFinding }) {
  return (
    <>
      {finding.count > 0 ? (
        <Muted>{`Seen ${formatNumber(finding.count)} ${finding.count === 1 ? 'time' : 'times'}`}</Muted>
      ) : null}
      <EvidenceList items={finding.evidence} />
      <Actions>
        <MarkFindingButton endpointId={endpointId} {...piiTarget(finding)} />
      </Actions>
    </>
  );
}

/** One hidden finding: its name, who hid it and why, and Restore. */
export function HiddenFinding({ endpointId, ...target }: { endpointId: string } & Target) {
  return (
    <>
      <strong>{target.name}</strong>
      {target.mark ? <Muted>{markText(target.mark)}</Muted> : null}
      <div>
        <MarkFindingButton endpointId={endpointId} {...target} />
      </div>
    </>
  );
}

/** An endpoint's vulnerabilities marked false positive, collapsed. */
export function HiddenVulnerabilities({
  endpointId,
  items,
}: {
  endpointId: string;
  items: readonly Vulnerability[];
}) {
  return (
    <HiddenFindings items={items} getKey={(v) => v.id}>
      {(v) => <HiddenFinding endpointId={endpointId} {...vulnerabilityTarget(v)} />}
    </HiddenFindings>
  );
}

/** An endpoint's PII types marked false positive, collapsed. */
export function HiddenPii({ endpointId, items }: { endpointId: string; items: readonly PiiFinding[] }) {
  return (
    <HiddenFindings items={items} getKey={(p) => p.type}>
      {(p) => <HiddenFinding endpointId={endpointId} {...piiTarget(p)} />}
    </HiddenFindings>
  );
}
