import {
  ApiError,
  CHANNEL_TYPES,
  errorBodySchema,
  errorMessage,
  notificationChannelFormSchema,
  parseJsonObject,
  type ChannelType,
  type NotificationChannelForm,
} from '@argus/api';
import { useCreateNotificationChannel } from '@argus/api/hooks';
import { FormField, Input, Switch, Textarea, useToast } from '@argus/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { SelectField } from '../../shared/SelectField.js';
import type { z } from 'zod';
import { FormDialog } from '../../shared/FormDialog.js';
import { Stack } from '../../shared/layout.js';

const FORM_ID = 'notification-channel-form';

export const CHANNEL_LABELS: Record<ChannelType, string> = {
  email: 'Email',
  slack: 'Slack',
  webhook: 'Webhook',
  sms: 'SMS',
};

export const CONFIG_EXAMPLES: Record<ChannelType, string> = {
  email: '{ "to": ["secops@example.com"], "minSeverity": "high" }',
  slack: '{ "webhookUrl": "https://hooks.slack.com/services/T000/B000/XXXX" }',
  webhook: '{ "url": "https://siem.example.com/hooks/argus", "secret": "a-long-random-secret" }',
  sms: '{ "accountSid": "AC123", "authToken": "token", "from": "+15005550006", "to": "+14155550100" }',
};

/** The server's per-field reasons for a refused config, as one line. */
function serverIssues(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  try {
    const body = errorBodySchema.safeParse(JSON.parse(error.body));
    return body.success
      ? (body.data.issues?.map((i) => i.message).join('; ') ?? body.data.message)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Create Notification Channel: config typed as JSON; bad JSON and refused configs are field messages. */
export function NotificationChannelDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { trigger, isMutating } = useCreateNotificationChannel();
  const { toast } = useToast();
  const form = useForm<NotificationChannelForm, unknown, z.output<typeof notificationChannelFormSchema>>({
    resolver: zodResolver(notificationChannelFormSchema),
    defaultValues: { name: '', config: '', isActive: true },
  });
  const { errors } = form.formState;
  const type = form.watch('type');

  const close = (next: boolean) => {
    if (!next) form.reset();
    onOpenChange(next);
  };

  const submit = form.handleSubmit(async (values) => {
    const config = parseJsonObject(values.config);
    if (!config) return;
    try {
      const channel = await trigger({ ...values, config });
      toast({
        title: 'Notification Channel Created',
        description: `New alerts will be sent to "${channel.name}".`,
      });
      close(false);
    } catch (error) {
      const issues = serverIssues(error);
      if (issues) form.setError('config', { message: issues });
      toast({
        title: 'Error',
        description: `Failed to create notification channel: ${errorMessage(error)}`,
        variant: 'destructive',
      });
    }
  });

  return (
    <FormDialog
      open={open}
      onClose={() => close(false)}
      title="Create Notification Channel"
      description="Where new alerts are delivered."
      size="lg"
      formId={FORM_ID}
      onSubmit={submit}
      submitLabel="Create Channel"
      pending={isMutating}
      pendingLabel="Creating..."
    >
      <Stack $gap={4}>
        <FormField label="Channel Name" required error={errors.name?.message}>
          <Input placeholder="Security team e-mail" {...form.register('name')} />
        </FormField>
        <SelectField
          control={form.control}
          name="type"
          label="Channel Type"
          required
          error={errors.type?.message}
          placeholder="Select a type"
          options={CHANNEL_TYPES.map((t) => ({ value: t, label: CHANNEL_LABELS[t] }))}
        />
        <FormField
          label="Configuration (JSON)"
          required
          hint={`For example ${CONFIG_EXAMPLES[type ?? 'webhook']}`}
          error={errors.config?.message}
        >
          <Textarea monospace rows={5} spellCheck={false} {...form.register('config')} />
        </FormField>
        <Controller
          control={form.control}
          name="isActive"
          render={({ field: { value, onChange } }) => (
            <Switch
              label="Active"
              description="Inactive channels receive nothing."
              checked={value ?? true}
              onCheckedChange={onChange}
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
