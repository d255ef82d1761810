import type { Alert } from '@argus/api';
import { AlertStatusBadge, Button, Dialog, formatDateTime, MethodBadge, SeverityBadge } from '@argus/ui';
import { useNavigate } from 'react-router-dom';
import { styled } from 'styled-components';
import { Inline, Mono, Muted, Stack } from '../../shared/layout.js';
import { triggerLabel } from '../../shared/text.js';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: var(--space-2) var(--space-4);
  margin: 0;

  dt {
    color: var(--color-fg-muted);
    font-size: var(--font-size-sm);
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

export function AlertDetailsDialog({ alert, onClose }: { alert: Alert | null; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Dialog
      open={alert !== null}
      onOpenChange={(open) => !open && onClose()}
      title={alert?.title ?? 'Alert'}
      closeButton
      footer={
        alert?.endpointId ? (
          <Button onClick={() => navigate(`/endpoints/${encodeURIComponent(alert.endpointId ?? '')}`)}>
            Open Endpoint
          </Button>
        ) : undefined
      }
    >
      {alert ? (
        <Stack $gap={4}>
          <Muted>{alert.description}</Muted>
          <Facts>
            <dt>Severity</dt>
            <dd>
              <SeverityBadge severity={alert.severity} />
            </dd>
            <dt>Status</dt>
            <dd>
              <AlertStatusBadge status={alert.status} />
            </dd>
            <dt>Trigger Type</dt>
            <dd>{triggerLabel(alert.triggerType)}</dd>
            <dt>Created</dt>
            <dd>{formatDateTime(alert.createdAt)}</dd>
            {alert.updatedAt ? (
              <>
                <dt>Updated</dt>
                <dd>{formatDateTime(alert.updatedAt)}</dd>
              </>
            ) : null}
            <dt>Assigned To</dt>
            <dd>{alert.assignedToUsername ?? alert.assignedTo ?? 'Unassigned'}</dd>
            {alert.endpoint ? (
              <>
                <dt>Endpoint</dt>
                <dd>
                  <Inline>
                    <MethodBadge method={alert.endpoint.method} />
                    <Mono>{alert.endpoint.normalizedPath}</Mono>
                  </Inline>
                </dd>
              </>
            ) : null}
            {alert.domain || alert.endpoint?.domain ? (
              <>
                <dt>Domain</dt>
                <dd>{alert.domain ?? alert.endpoint?.domain}</dd>
              </>
            ) : null}
          </Facts>
        </Stack>
      ) : null}
    </Dialog>
  );
}
