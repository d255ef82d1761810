import type { AuditEntry } from '@argus/api';
import { useAuditLog } from '@argus/api/hooks';
import {
  Badge,
  Button,
  Card,
  ErrorState,
  formatDateTime,
  RelativeTime,
  Table,
  type TableColumn,
} from '@argus/ui';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { styled } from 'styled-components';
import { Inline, Mono, Muted, Stack, TableMessage } from '../../shared/layout.js';
import { loadErrorText } from '../../shared/text.js';

/** Entries per page of the audit log. */
export const AUDIT_LOG_PAGE_SIZE = 20;

const Footer = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: var(--space-3);
  padding: var(--space-3) var(--space-4);
  border-top: 1px solid var(--color-border);
`;

const NoWrap = styled.span`
  white-space: nowrap;
`;

/** An address stays on one line (Mono would break it anywhere). */
const Address = styled(Mono)`
  overflow-wrap: normal;
  white-space: nowrap;
`;

const columns: TableColumn<AuditEntry>[] = [
  {
    key: 'when',
    header: 'When',
    cell: (a) => (
      <Stack>
        <NoWrap>{formatDateTime(a.at)}</NoWrap>
        <RelativeTime date={a.at} variant="long" />
      </Stack>
    ),
  },
  {
    key: 'who',
    header: 'Who',
    cell: (a) => (a.actorUsername ? <strong>{a.actorUsername}</strong> : <Muted>System</Muted>),
  },
  {
    key: 'what',
    header: 'What',
    width: '40%',
    cell: (a) => (
      <Stack>
        <span>{a.summary}</span>
        <Mono>{a.action}</Mono>
      </Stack>
    ),
  },
  {
    key: 'target',
    header: 'Target',
    cell: (a) => (
      <Inline>
        <Badge>{a.targetType}</Badge>
        {a.targetId ? <Mono>{a.targetId}</Mono> : null}
      </Inline>
    ),
  },
  { key: 'ip', header: 'IP', cell: (a) => (a.ip ? <Address>{a.ip}</Address> : <Muted>—</Muted>) },
];

/**
 * The append-only audit log, newest first, a page at a time. The server pages by
 * cursor, so going back means remembering the cursors that led here.
 */
export function AuditLog() {
  // The `before` cursor of every page after the first that was opened, in order.
  const [cursors, setCursors] = useState<string[]>([]);
  const before = cursors.at(-1);
  const { data, error, isLoading, isValidating } = useAuditLog(
    before ? { before, limit: AUDIT_LOG_PAGE_SIZE } : { limit: AUDIT_LOG_PAGE_SIZE },
    { keepPreviousData: true },
  );
  const page = cursors.length + 1;
  const nextCursor = data?.nextCursor ?? null;
  return (
    <Card
      title="Audit Log"
      description="Every change to users, roles, channels, rules, settings, sources and secrets: who, what and when."
      flush
    >
      <Table
        caption={`Audit log, page ${page}`}
        columns={columns}
        rows={data?.entries ?? []}
        getRowId={(a) => a.id}
        loading={isLoading}
        error={error ? <ErrorState title={loadErrorText('audit log', error)} /> : undefined}
        empty={<TableMessage>No changes recorded yet.</TableMessage>}
        footer={
          page > 1 || nextCursor ? (
            <Footer>
              <Muted aria-live="polite">Page {page}</Muted>
              <Inline>
                <Button
                  variant="outline"
                  size="sm"
                  icon={<ChevronLeft size={14} aria-hidden="true" />}
                  disabled={page === 1 || isValidating}
                  onClick={() => setCursors((c) => c.slice(0, -1))}
                >
                  Newer
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  icon={<ChevronRight size={14} aria-hidden="true" />}
                  disabled={!nextCursor || isValidating}
                  onClick={() => nextCursor && setCursors((c) => [...c, nextCursor])}
                >
                  Older
                </Button>
              </Inline>
            </Footer>
          ) : null
        }
      />
    </Card>
  );
}
