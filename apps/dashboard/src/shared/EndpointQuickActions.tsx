import { errorMessage, type Endpoint } from '@argus/api';
import { useRescanEndpoint, useUpdateEndpoint, useUsers } from '@argus/api/hooks';
import { Button, Dialog, FormField, formatPiiType, Select, useToast } from '@argus/ui';
import { ClipboardCopy, EyeOff, RefreshCw, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { copyText } from './clipboard.js';
import { Inline, Muted, Stack } from './layout.js';
import { useRescanToasts } from './rescanToasts.js';
import { RoleHint, useAllowed } from './roles.js';

/** A ready-to-paste ticket describing the endpoint and what to fix. */
export function ticketText(endpoint: Endpoint, origin: string): string {
  // Findings marked false positive are not part of the ticket.
  const vulnerabilities = endpoint.vulnerabilities.filter((v) => !v.falsePositive);
  const lines = [
    `[Argus] Risk ${endpoint.riskScore}/100: ${endpoint.method} ${endpoint.normalizedPath} on ${endpoint.domain}`,
    '',
    `Endpoint: ${endpoint.method} ${endpoint.normalizedPath}`,
    `Domain: ${endpoint.domain}`,
    `Risk score: ${endpoint.riskScore} / 100`,
    `Classification: ${endpoint.classification || 'unknown'}`,
    `PII exposed: ${endpoint.piiTypes.length ? endpoint.piiTypes.map((t) => formatPiiType(t)).join(', ') : 'none'}`,
    '',
    `Vulnerabilities (${vulnerabilities.length}):`,
    ...(vulnerabilities.length
      ? vulnerabilities.flatMap((v) => [
          `- [${v.severity}] ${v.title} (${v.vulnId}, ${v.owaspCategory})`,
          ...(v.remediation ? [`  Fix: ${v.remediation}`] : []),
        ])
      : ['- none detected']),
    '',
    `Details: ${origin}/endpoints/${encodeURIComponent(endpoint.id)}`,
  ];
  return lines.join('\n');
}

function AssignOwnerDialog({
  endpoint,
  open,
  onOpenChange,
}: {
  endpoint: Endpoint;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { data: users, error, isLoading } = useUsers();
  const { trigger, isMutating } = useUpdateEndpoint(endpoint.id);
  const { toast } = useToast();
  const [ownerId, setOwnerId] = useState(endpoint.owner?.id ?? '');
  const options = (users ?? []).map((u) => ({ value: u.id, label: u.username }));
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Assign Owner"
      description={`Who owns ${endpoint.method} ${endpoint.normalizedPath}?`}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            loading={isMutating}
            loadingText="Assigning..."
            disabled={!ownerId}
            onClick={async () => {
              try {
                const updated = await trigger({ ownerId });
                toast({
                  title: 'Owner Assigned',
                  description: `${updated.owner?.username ?? 'The user'} now owns this endpoint.`,
                });
                onOpenChange(false);
              } catch (err) {
                toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });
              }
            }}
          >
            Assign
          </Button>
        </>
      }
    >
      {isLoading ? (
        <Muted>Loading users...</Muted>
      ) : error ? (
        <Muted>{`Error loading users: ${errorMessage(error)}`}</Muted>
      ) : options.length === 0 ? (
        <Muted>No users available for assignment</Muted>
      ) : (
        <FormField label="Owner">
          <Select options={options} value={ownerId} onValueChange={setOwnerId} placeholder="Choose a user" />
        </FormField>
      )}
    </Dialog>
  );
}

/**
 * Rescan, Mark as False Positive (findings stop counting towards the score until
 * undone), Assign Owner (a user becomes the endpoint's owner) and Create Ticket
 * (a ready-made ticket text is copied to the clipboard).
 */
export function EndpointQuickActions({
  endpoint,
  showRescan = true,
}: {
  endpoint: Endpoint;
  showRescan?: boolean;
}) {
  const rescan = useRescanEndpoint(endpoint.id);
  const update = useUpdateEndpoint(endpoint.id);
  const rescanToasts = useRescanToasts();
  const { toast } = useToast();
  const [assigning, setAssigning] = useState(false);
  const falsePositive = endpoint.falsePositive === true;
  // Rescan, false positive and owner are analyst calls; a viewer keeps Create Ticket.
  const canChange = useAllowed('analyst');

  return (
    <Stack $gap={2}>
      <Inline>
        {showRescan && canChange ? (
          <Button
            variant="outline"
            icon={<RefreshCw size={16} aria-hidden="true" />}
            loading={rescan.isMutating}
            loadingText="Rescanning..."
            onClick={() => rescan.trigger().then(rescanToasts.succeeded, rescanToasts.failed)}
          >
            Rescan Endpoint
          </Button>
        ) : null}
        {canChange ? (
          <>
            <Button
              variant="outline"
              icon={<EyeOff size={16} aria-hidden="true" />}
              loading={update.isMutating && !assigning}
              aria-pressed={falsePositive}
              onClick={async () => {
                try {
                  await update.trigger({ falsePositive: !falsePositive });
                  toast(
                    falsePositive
                      ? {
                          title: 'False Positive Removed',
                          description: "This endpoint's findings count towards its risk score again.",
                        }
                      : {
                          title: 'Marked as False Positive',
                          description: "This endpoint's findings no longer count towards its risk score.",
                        },
                  );
                } catch (error) {
                  toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
                }
              }}
            >
              {falsePositive ? 'Undo False Positive' : 'Mark as False Positive'}
            </Button>
            <Button
              variant="outline"
              icon={<UserPlus size={16} aria-hidden="true" />}
              onClick={() => setAssigning(true)}
            >
              Assign Owner
            </Button>
          </>
        ) : null}
        <Button
          variant="outline"
          icon={<ClipboardCopy size={16} aria-hidden="true" />}
          onClick={async () => {
            try {
              await copyText(ticketText(endpoint, window.location.origin));
              toast({ title: 'Ticket Copied', description: 'A ready-made ticket is on your clipboard.' });
            } catch (error) {
              toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
            }
          }}
        >
          Create Ticket
        </Button>
      </Inline>
      {canChange ? null : <RoleHint needed="analyst">rescan, assign owners or mark false positives</RoleHint>}
      {endpoint.owner || falsePositive ? (
        <Muted>
          {endpoint.owner ? `Owner: ${endpoint.owner.username}` : null}
          {endpoint.owner && falsePositive ? ' · ' : null}
          {falsePositive ? 'Marked as a false positive' : null}
        </Muted>
      ) : null}
      {assigning ? (
        <AssignOwnerDialog endpoint={endpoint} open={assigning} onOpenChange={setAssigning} />
      ) : null}
    </Stack>
  );
}
