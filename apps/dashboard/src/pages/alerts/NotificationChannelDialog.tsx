import {
  ApiError,
  CHANNEL_TYPES,
  errorBodySchema,
  notificationChannelFormSchema,
  parseJsonObject,
  type ChannelType,
} from '@argus/api';
import { useCreateNotificationChannel } from '@argus/api/hooks';
import { FormField, Input, useToast } from '@argus/ui';
import { SelectField } from '../../shared/SelectField.js';
import { FormDialog, useDialogForm } from '../../shared/FormDialog.js';
import { JsonField } from '../../shared/JsonField.js';
import { Stack } from '../../shared/layout.js';
import { SwitchField } from '../../shared/SwitchField.js';
import { failureToast } from '../../shared/toasts.js';

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
  const { form, close, dialog } = useDialogForm(
    notificationChannelFormSchema,
    { name: '', config: '', isActive: true },
    { open, onOpenChange },
  );
  const { errors } = form.formState;
  const type = form.watch('type');

  const submit = form.handleSubmit(async (values) => {
    const config = parseJsonObject(values.config);
    if (!config) return;
    try {
      const channel = await trigger({ ...values, config });
      toast({
        title: 'Notification Channel Created',
        description: `New alerts will be sent to "${channel.name}".`,
      });
      close();
    } catch (error) {
      const issues = serverIssues(error);
      if (issues) form.setError('config', { message: issues });
      toast(failureToast('Failed to create notification channel', error));
    }
  });

  return (
    <FormDialog
      {...dialog}
      title="Create Notification Channel"
      description="Where new alerts are delivered."
      size="lg"
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
        <JsonField
          label="Configuration (JSON)"
          hint={`For example ${CONFIG_EXAMPLES[type ?? 'webhook']}`}
          error={errors.config?.message}
          {...form.register('config')}
        />
        <SwitchField
          control={form.control}
          name="isActive"
          label="Active"
          description="Inactive channels receive nothing."
        />
      </Stack>
    </FormDialog>
  );
}
