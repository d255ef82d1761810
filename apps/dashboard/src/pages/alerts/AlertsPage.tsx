import {
  ALERT_SORTS,
  ALERT_STATUSES,
  paths,
  SEVERITIES,
  type Alert,
  type AlertQuery,
  type BulkAction,
} from '@argus/api';
import { useAlerts, useAlertSummary, useBulkUpdateAlerts, useInvalidate } from '@argus/api/hooks';
import {
  AlertStatusBadge,
  Button,
  Card,
  ErrorState,
  formatDateTime,
  formatShortDate,
  formatNumber,
  SearchInput,
  SeverityBadge,
  StatTile,
  Table,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  TriggerTypeIcon,
  useToast,
  type TableColumn,
} from '@argus/ui';
import { AlertOctagon, Bell, BellRing, CheckCircle2, Eye, Radio, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { styled } from 'styled-components';
import {
  BreakablePath,
  SummaryTiles,
  FilterSelect,
  Inline,
  Muted,
  Stack,
  TableMessage,
  Toolbar,
  TwoLines,
} from '../../shared/layout.js';
import { Pager } from '../../shared/Pager.js';
import { RoleHint, useAllowed } from '../../shared/roles.js';
import { serverPage } from '../../shared/usePaging.js';
import { loadErrorText, triggerLabel } from '../../shared/text.js';
import { useDebouncedValue } from '../../shared/useDebouncedValue.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { AlertDetailsDialog } from './AlertDetailsDialog.js';
import { AlertRuleDialog } from './AlertRuleDialog.js';
import { AssignDialog } from './AssignDialog.js';
import { ExportMenu } from './ExportMenu.js';
import { NotificationChannelDialog } from './NotificationChannelDialog.js';
import { AlertRulesCard, NotificationChannelsCard } from './RulesAndChannels.js';

const ALL = 'all';
const ALERTS_PAGE_SIZE = 25;
const SORT_LABELS: Record<(typeof ALERT_SORTS)[number], string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  severity: 'Severity',
  updated: 'Recently updated',
};

/** Row buttons stacked, so the table fits without scrolling sideways. */
const RowActions = styled.div`
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: var(--space-1);
  margin-left: auto;
  width: max-content;
`;

/** Titles name an endpoint (`… on GET host/path`): they wrap after a slash, not mid-segment. */
const AlertText = styled(Stack)`
  overflow-wrap: anywhere;
`;

const BulkBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--space-2);
  padding: var(--space-3) var(--space-5);
  border-bottom: 1px solid var(--color-border);
  background: var(--tone-primary-bg);
  color: var(--tone-primary-fg);

  & > span {
    margin-right: auto;
    font-weight: var(--font-weight-semibold);
  }
`;

export default function AlertsPage() {
  const bulk = useBulkUpdateAlerts();
  const invalidate = useInvalidate();
  const { toast } = useToast();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState(ALL);
  const [severity, setSeverity] = useState(ALL);
  const [sort, setSort] = useState<AlertQuery['sort']>('newest');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const [assigning, setAssigning] = useState(false);
  const [viewing, setViewing] = useState<Alert | null>(null);
  const [ruleDialog, setRuleDialog] = useState(false);
  const [channelDialog, setChannelDialog] = useState(false);
  const [tab, setTab] = useState('alerts');
  // Triage (acknowledge, resolve, assign, suppress) is an analyst call; rules and channels are admin calls.
  const canTriage = useAllowed('analyst');
  const canConfigure = useAllowed('admin');

  // Filters, search, order and paging all happen on the server: every alert is reachable.
  const term = useDebouncedValue(search.trim());
  const offset = (page - 1) * ALERTS_PAGE_SIZE;
  const filters: AlertQuery = {
    status: status === ALL ? undefined : (status as AlertQuery['status']),
    severity: severity === ALL ? undefined : (severity as AlertQuery['severity']),
    search: term || undefined,
    sort: sort === 'newest' ? undefined : sort,
  };
  const { data, error, isLoading } = useAlerts({ ...filters, limit: ALERTS_PAGE_SIZE, offset });
  const { data: tiles, isLoading: tilesLoading } = useAlertSummary();
  const rows = data?.alerts ?? [];
  const total = data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / ALERTS_PAGE_SIZE));
  // Read the next page ahead so "Next" is instant.
  useAlerts({
    ...filters,
    limit: ALERTS_PAGE_SIZE,
    offset: page < pageCount ? offset + ALERTS_PAGE_SIZE : offset,
  });
  const filtering = term !== '' || status !== ALL || severity !== ALL;
  const selectedIds = selected.filter((id) => rows.some((a) => a.id === id));
  /** A filter change starts again on page 1. */
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  /** Sends one bulk call; row buttons use it for a single alert. */
  async function run(action: BulkAction, alertIds: string[], assignedTo?: string, fromSelection = true) {
    if (alertIds.length === 0) {
      toast({ title: 'No Alerts Selected', description: 'Please select alerts to perform bulk actions.' });
      return;
    }
    try {
      const result = await bulk.trigger({ alertIds, action, assignedTo });
      const skipped = result.results.filter((r) => r.outcome === 'skipped');
      toast({
        title: 'Bulk Action Completed',
        description: (
          <>
            Selected alerts have been updated successfully.
            {skipped.length ? (
              <>
                <br />
                {`${skipped.length} skipped: ${skipped[0]?.reason ?? 'not applicable'}`}
              </>
            ) : null}
          </>
        ),
      });
      if (fromSelection) setSelected([]);
      setAssigning(false);
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to update alerts. Please try again.',
        variant: 'destructive',
      });
    }
  }

  const columns: TableColumn<Alert>[] = [
    {
      key: 'alert',
      header: 'Alert',
      width: '36%',
      cell: (a) => (
        <Inline $gap={3} style={{ flexWrap: 'nowrap', alignItems: 'flex-start' }}>
          <TriggerTypeIcon triggerType={a.triggerType} />
          <AlertText>
            <strong>
              <BreakablePath text={a.title} />
            </strong>
            <TwoLines>{a.description}</TwoLines>
          </AlertText>
        </Inline>
      ),
    },
    { key: 'severity', header: 'Severity', cell: (a) => <SeverityBadge severity={a.severity} /> },
    { key: 'status', header: 'Status', cell: (a) => <AlertStatusBadge status={a.status} /> },
    {
      key: 'trigger',
      header: 'Trigger Type',
      cell: (a) => <Muted>{triggerLabel(a.triggerType)}</Muted>,
    },
    {
      key: 'created',
      header: 'Created',
      cell: (a) => (
        <Muted title={formatDateTime(a.createdAt)} style={{ whiteSpace: 'nowrap' }}>
          {formatShortDate(a.createdAt)}
        </Muted>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (a) => (
        <RowActions>
          {canTriage && a.status === 'open' ? (
            <Button variant="outline" size="sm" onClick={() => run('acknowledge', [a.id], undefined, false)}>
              Acknowledge
            </Button>
          ) : null}
          {canTriage && a.status === 'acknowledged' ? (
            <Button variant="outline" size="sm" onClick={() => run('resolve', [a.id], undefined, false)}>
              Resolve
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            icon={<Eye size={14} aria-hidden="true" />}
            aria-label={`View details of ${a.title}`}
            onClick={() => setViewing(a)}
          >
            View Details
          </Button>
        </RowActions>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Alert Management"
        subtitle="Security alerts raised by your rules"
        onRefresh={() => void invalidate(paths.alerts(), paths.alertRules(), paths.notificationChannels())}
        refreshLabel="Refresh alerts"
      >
        <ExportMenu
          filters={{ status: filters.status, severity: filters.severity, search: filters.search }}
        />
        {canConfigure ? (
          <>
            <Button
              variant="outline"
              icon={<Settings2 size={16} aria-hidden="true" />}
              onClick={() => setRuleDialog(true)}
            >
              Configure Rules
            </Button>
            <Button
              variant="outline"
              icon={<Radio size={16} aria-hidden="true" />}
              onClick={() => setChannelDialog(true)}
            >
              Notification Channels
            </Button>
          </>
        ) : null}
      </PageHeader>
      <SummaryTiles loading={tilesLoading}>
        <StatTile label="Total Alerts" value={formatNumber(tiles?.total ?? 0)} icon={<Bell size={20} />} />
        <StatTile
          label="Open Alerts"
          value={formatNumber(tiles?.open ?? 0)}
          icon={<BellRing size={20} />}
          tone="danger"
        />
        <StatTile
          label="Acknowledged"
          value={formatNumber(tiles?.acknowledged ?? 0)}
          icon={<CheckCircle2 size={20} />}
          tone="warning"
        />
        <StatTile
          label="Critical Alerts"
          value={formatNumber(tiles?.critical ?? 0)}
          icon={<AlertOctagon size={20} />}
          tone="danger"
        />
      </SummaryTiles>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Alerts, rules and channels">
          <TabsTrigger value="alerts">Alerts</TabsTrigger>
          <TabsTrigger value="rules">Alert Rules</TabsTrigger>
          <TabsTrigger value="channels">Notification Channels</TabsTrigger>
        </TabsList>
        <TabsContent value="alerts">
          <Stack $gap={4}>
            <Toolbar>
              <SearchInput
                placeholder="Search alerts..."
                value={search}
                onValueChange={refilter(setSearch)}
              />
              <FilterSelect
                label="Status"
                value={status}
                onValueChange={refilter(setStatus)}
                options={[
                  { value: ALL, label: 'All' },
                  ...ALERT_STATUSES.map((s) => ({ value: s, label: s })),
                ]}
              />
              <FilterSelect
                label="Severity"
                value={severity}
                onValueChange={refilter(setSeverity)}
                options={[{ value: ALL, label: 'All' }, ...SEVERITIES.map((s) => ({ value: s, label: s }))]}
              />
              <FilterSelect
                label="Sort"
                ariaLabel="Sort alerts"
                value={sort ?? 'newest'}
                onValueChange={refilter((value: string) => setSort(value as AlertQuery['sort']))}
                options={ALERT_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
              />
            </Toolbar>
            <Card
              title="Security Alerts"
              flush
              actions={
                canTriage ? undefined : (
                  <RoleHint needed="analyst">acknowledge, resolve or assign alerts</RoleHint>
                )
              }
            >
              {selectedIds.length > 0 ? (
                <BulkBar role="region" aria-label="Bulk actions">
                  <span>{selectedIds.length} alert(s) selected</span>
                  {(['acknowledge', 'resolve'] as const).map((action) => (
                    <Button key={action} size="sm" variant="outline" onClick={() => run(action, selectedIds)}>
                      {action === 'acknowledge' ? 'Acknowledge' : 'Resolve'}
                    </Button>
                  ))}
                  <Button size="sm" variant="outline" onClick={() => setAssigning(true)}>
                    Assign
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => run('suppress', selectedIds)}>
                    Suppress
                  </Button>
                </BulkBar>
              ) : null}
              <Table
                caption="Security alerts"
                columns={columns}
                rows={rows}
                getRowId={(a) => a.id}
                getRowLabel={(a) => `Select alert ${a.title}`}
                selectable={canTriage}
                selectedIds={selectedIds}
                onSelectionChange={setSelected}
                loading={isLoading}
                error={error ? <ErrorState title={loadErrorText('alerts', error)} /> : undefined}
                empty={
                  <TableMessage>
                    {filtering && (tiles?.total ?? 0) > 0
                      ? 'No alerts match your filters.'
                      : 'No security alerts found. Your system is secure!'}
                  </TableMessage>
                }
                footer={
                  <Pager
                    {...serverPage(total, page, ALERTS_PAGE_SIZE)}
                    onPageChange={setPage}
                    noun="alerts"
                  />
                }
              />
            </Card>
          </Stack>
        </TabsContent>
        <TabsContent value="rules">
          <AlertRulesCard onCreate={() => setRuleDialog(true)} />
        </TabsContent>
        <TabsContent value="channels">
          {canConfigure ? (
            <NotificationChannelsCard onCreate={() => setChannelDialog(true)} />
          ) : (
            <Card title="Notification Channels">
              <RoleHint needed="admin">see and change notification channels (they hold secrets)</RoleHint>
            </Card>
          )}
        </TabsContent>
      </Tabs>
      <AssignDialog
        open={assigning}
        onOpenChange={setAssigning}
        count={selectedIds.length}
        pending={bulk.isMutating}
        onAssign={(userId) => run('assign', selectedIds, userId)}
      />
      <AlertDetailsDialog alert={viewing} onClose={() => setViewing(null)} />
      <AlertRuleDialog open={ruleDialog} onOpenChange={setRuleDialog} />
      <NotificationChannelDialog open={channelDialog} onOpenChange={setChannelDialog} />
    </>
  );
}
