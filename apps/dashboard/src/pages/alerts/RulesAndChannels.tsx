import { errorMessage, type AlertRule, type NotificationChannel } from '@argus/api';
import {
  useAlertRules,
  useDeleteAlertRule,
  useDeleteNotificationChannel,
  useNotificationChannels,
  useTestNotificationChannel,
  useUpdateAlertRule,
  useUpdateNotificationChannel,
} from '@argus/api/hooks';
import {
  Badge,
  Button,
  Card,
  ErrorState,
  IconButton,
  RelativeTime,
  SeverityBadge,
  Switch,
  Table,
  TriggerTypeIcon,
  useToast,
  type TableColumn,
} from '@argus/ui';
import { Plus, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Actions, Inline, Mono, Muted, Stack, TableMessage } from '../../shared/layout.js';
import { RoleHint, useAllowed } from '../../shared/roles.js';
import { loadErrorText, triggerLabel } from '../../shared/text.js';
import { CHANNEL_LABELS } from './NotificationChannelDialog.js';

/** One line of JSON with a space after each comma and colon, so it wraps between keys. */
const json = (value: unknown) => JSON.stringify(value, null, 1).replace(/\n\s*/g, ' ');

export function AlertRulesCard({ onCreate }: { onCreate: () => void }) {
  const { data: rules, error, isLoading } = useAlertRules();
  const update = useUpdateAlertRule();
  const remove = useDeleteAlertRule();
  // Everyone reads the rules; only admins create, switch or delete them.
  const editable = useAllowed('admin');
  const { toast } = useToast();
  const fail = (err: unknown) =>
    toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });

  const columns: TableColumn<AlertRule>[] = [
    {
      key: 'rule',
      header: 'Rule',
      width: '30%',
      cell: (r) => (
        <Stack>
          <Inline>
            <strong>{r.name}</strong>
            {r.builtIn ? <Badge>Built-in</Badge> : null}
          </Inline>
          {r.description ? <Muted>{r.description}</Muted> : null}
        </Stack>
      ),
    },
    {
      key: 'trigger',
      header: 'Trigger',
      cell: (r) => (
        <Inline $gap={2} style={{ flexWrap: 'nowrap' }}>
          <span aria-hidden="true">
            <TriggerTypeIcon triggerType={r.triggerType} />
          </span>
          <span>{triggerLabel(r.triggerType)}</span>
        </Inline>
      ),
    },
    { key: 'severity', header: 'Severity', cell: (r) => <SeverityBadge severity={r.severity} /> },
    { key: 'conditions', header: 'Conditions', cell: (r) => <Mono>{json(r.conditions)}</Mono> },
    {
      key: 'active',
      header: 'Active',
      cell: (r) => (
        <Switch
          aria-label={`${r.name} active`}
          checked={r.isActive}
          disabled={!editable}
          onCheckedChange={(isActive) => update.trigger({ id: r.id, isActive }).catch(fail)}
        />
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (r) =>
        r.builtIn || !editable ? (
          <Muted>—</Muted>
        ) : (
          <IconButton
            size="sm"
            label={`Delete rule ${r.name}`}
            onClick={() =>
              remove
                .trigger(r.id)
                .then(() => toast({ title: 'Rule Deleted', description: `"${r.name}" was removed.` }), fail)
            }
          >
            <Trash2 size={14} aria-hidden="true" />
          </IconButton>
        ),
    },
  ];

  return (
    <Card
      title={`Alert Rules (${rules?.length ?? 0})`}
      description="Checked after every scan, rescan and sync."
      flush
      actions={
        editable ? (
          <Button variant="outline" icon={<Plus size={16} aria-hidden="true" />} onClick={onCreate}>
            Create Rule
          </Button>
        ) : (
          <RoleHint needed="admin">change alert rules</RoleHint>
        )
      }
    >
      <Table
        caption="Alert rules"
        columns={columns}
        rows={rules ?? []}
        getRowId={(r) => r.id}
        loading={isLoading}
        error={error ? <ErrorState title={loadErrorText('alert rules', error)} /> : undefined}
        empty={<TableMessage>No alert rules yet.</TableMessage>}
      />
    </Card>
  );
}

function LastDelivery({ channel }: { channel: NotificationChannel }) {
  const delivery = channel.lastDelivery;
  if (!delivery) return <Muted>Never</Muted>;
  const tone =
    delivery.status === 'delivered' ? 'success' : delivery.status === 'failed' ? 'danger' : 'warning';
  return (
    <Stack>
      <Inline>
        <Badge tone={tone}>{delivery.status}</Badge>
        <RelativeTime date={delivery.deliveredAt ?? delivery.createdAt} variant="long" />
      </Inline>
      {delivery.lastError ? <Muted>{delivery.lastError}</Muted> : null}
    </Stack>
  );
}

function TestButton({ channel }: { channel: NotificationChannel }) {
  const { trigger } = useTestNotificationChannel();
  const [pending, setPending] = useState(false);
  const { toast } = useToast();
  return (
    <Button
      variant="outline"
      size="sm"
      icon={<Send size={14} aria-hidden="true" />}
      loading={pending}
      loadingText="Sending..."
      aria-label={`Send test notification to ${channel.name}`}
      onClick={async () => {
        setPending(true);
        try {
          const delivery = await trigger(channel.id);
          toast(
            delivery.status === 'failed'
              ? {
                  title: 'Test Notification Failed',
                  description: delivery.lastError ?? 'The channel did not accept the message.',
                  variant: 'destructive',
                }
              : {
                  title: 'Test Notification Sent',
                  description:
                    delivery.status === 'delivered'
                      ? `"${channel.name}" received the test message.`
                      : `The test message to "${channel.name}" is queued for delivery.`,
                },
          );
        } catch (error) {
          toast({
            title: 'Test Notification Failed',
            description: errorMessage(error),
            variant: 'destructive',
          });
        } finally {
          setPending(false);
        }
      }}
    >
      Send Test
    </Button>
  );
}

export function NotificationChannelsCard({ onCreate }: { onCreate: () => void }) {
  const { data: channels, error, isLoading } = useNotificationChannels();
  const update = useUpdateNotificationChannel();
  const remove = useDeleteNotificationChannel();
  const { toast } = useToast();
  const fail = (err: unknown) =>
    toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });

  const columns: TableColumn<NotificationChannel>[] = [
    {
      key: 'channel',
      header: 'Channel',
      width: '24%',
      cell: (c) => (
        <Inline>
          <strong>{c.name}</strong>
          <Badge tone="info">{CHANNEL_LABELS[c.type]}</Badge>
        </Inline>
      ),
    },
    { key: 'config', header: 'Configuration', cell: (c) => <Mono>{json(c.config)}</Mono> },
    {
      key: 'active',
      header: 'Active',
      cell: (c) => (
        <Switch
          aria-label={`${c.name} active`}
          checked={c.isActive}
          onCheckedChange={(isActive) => update.trigger({ id: c.id, isActive }).catch(fail)}
        />
      ),
    },
    { key: 'delivery', header: 'Last Delivery', cell: (c) => <LastDelivery channel={c} /> },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (c) => (
        <Actions>
          <TestButton channel={c} />
          <IconButton
            size="sm"
            label={`Delete channel ${c.name}`}
            onClick={() =>
              remove
                .trigger(c.id)
                .then(
                  () => toast({ title: 'Channel Deleted', description: `"${c.name}" was removed.` }),
                  fail,
                )
            }
          >
            <Trash2 size={14} aria-hidden="true" />
          </IconButton>
        </Actions>
      ),
    },
  ];

  return (
    <Card
      title={`Notification Channels (${channels?.length ?? 0})`}
      description="Every new alert at or above a channel's minimum severity goes to each active channel."
      flush
      actions={
        <Button variant="outline" icon={<Plus size={16} aria-hidden="true" />} onClick={onCreate}>
          Create Channel
        </Button>
      }
    >
      <Table
        caption="Notification channels"
        columns={columns}
        rows={channels ?? []}
        getRowId={(c) => c.id}
        loading={isLoading}
        error={error ? <ErrorState title={loadErrorText('notification channels', error)} /> : undefined}
        empty={<TableMessage>No notification channels yet.</TableMessage>}
      />
    </Card>
  );
}
