// One discovery source as the Sources tab lists it: its kind, state, what it read and
// what it could not.
import type { DiscoverySource } from '@argus/api';
import { Badge, formatDateTime, formatNumber, IconButton } from '@argus/ui';
import { Trash2 } from 'lucide-react';
import { styled } from 'styled-components';
import { Inline, Stack } from '../../shared/layout.js';
import { Facts } from './source-layout.js';

const SOURCE_TYPE_LABELS: Record<DiscoverySource['type'], string> = {
  swagger: 'Swagger',
  openapi: 'OpenAPI',
  access_log: 'Access Logs',
  api_gateway: 'API Gateway',
};

const SourceCard = styled.li`
  display: flex;
  justify-content: space-between;
  gap: var(--space-3);
  padding: var(--space-4);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
`;

const FailedSync = styled.p`
  margin: 0;
  color: var(--color-danger-fg);
  font-size: var(--font-size-sm);
`;

const RejectedLines = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: var(--font-size-sm);
  color: var(--color-fg-muted);

  & code {
    display: block;
    overflow-wrap: anywhere;
    font-family: var(--font-mono, monospace);
  }
`;

export function SourceItem({
  source,
  onDelete,
  deleting,
}: {
  source: DiscoverySource;
  /** Absent for users who may not remove sources. */
  onDelete?: () => void;
  deleting: boolean;
}) {
  const { config } = source;
  return (
    <SourceCard>
      <Stack $gap={2}>
        <Inline>
          <strong>{source.name}</strong>
          <Badge>{config.har ? 'HAR' : SOURCE_TYPE_LABELS[source.type]}</Badge>
          <Badge tone={source.isActive ? 'success' : 'neutral'}>
            {source.isActive ? 'Active' : 'Inactive'}
          </Badge>
        </Inline>
        <Facts>
          {config.url ? (
            <>
              <dt>URL</dt>
              <dd>{config.url}</dd>
            </>
          ) : null}
          {config.provider ? (
            <>
              <dt>Provider</dt>
              <dd>{config.provider.toUpperCase()}</dd>
            </>
          ) : null}
          {config.format ? (
            <>
              <dt>Format</dt>
              <dd>{config.format}</dd>
            </>
          ) : null}
          {config.fileName ? (
            <>
              <dt>File</dt>
              <dd>
                {config.fileName}
                {typeof config.lineCount === 'number' ? ` (${formatNumber(config.lineCount)} lines)` : ''}
              </dd>
            </>
          ) : null}
          <dt>Last synced</dt>
          <dd>{source.lastSync ? formatDateTime(source.lastSync) : 'Never'}</dd>
          <dt>Endpoints discovered</dt>
          <dd>{formatNumber(source.endpointsDiscovered)}</dd>
        </Facts>
        {source.syncStatus === 'failed' && source.lastError ? (
          <FailedSync role="status">Last sync failed: {source.lastError}</FailedSync>
        ) : null}
        {source.syncStatus !== 'failed' && config.rejectedLines ? (
          <FailedSync role="status">
            {formatNumber(config.rejectedLines)} rejected {config.rejectedLines === 1 ? 'line' : 'lines'}
            {typeof config.lineCount === 'number' ? ` of ${formatNumber(config.lineCount)}` : ''}
          </FailedSync>
        ) : null}
        {source.syncStatus !== 'failed' && config.rejectedSamples?.length ? (
          <RejectedLines aria-label={`Rejected lines of ${source.name}`}>
            {config.rejectedSamples.map((r) => (
              <li key={r.line}>
                <span>
                  Line {formatNumber(r.line)}: {r.reason}
                </span>
                <code>{r.text}</code>
              </li>
            ))}
          </RejectedLines>
        ) : null}
      </Stack>
      <div>
        {onDelete ? (
          <IconButton label={`Delete source ${source.name}`} loading={deleting} onClick={onDelete}>
            <Trash2 size={16} aria-hidden="true" />
          </IconButton>
        ) : null}
      </div>
    </SourceCard>
  );
}
