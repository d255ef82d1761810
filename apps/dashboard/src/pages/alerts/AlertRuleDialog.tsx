import { alertRuleFormSchema, parseJsonObject, SEVERITIES, TRIGGER_TYPES } from '@argus/api';
import { useCreateAlertRule } from '@argus/api/hooks';
import { capitalize, FormField, Input, useToast } from '@argus/ui';
import { SelectField } from '../../shared/SelectField.js';
import { FormDialog, useDialogForm } from '../../shared/FormDialog.js';
import { JsonField } from '../../shared/JsonField.js';
import { Stack } from '../../shared/layout.js';
import { SwitchField } from '../../shared/SwitchField.js';
import { triggerLabel } from '../../shared/text.js';
import { failureToast } from '../../shared/toasts.js';

export const CONDITION_EXAMPLES: Record<(typeof TRIGGER_TYPES)[number], string> = {
  vulnerability_detected: '{ "minSeverity": "high" }',
  high_risk_endpoint: '{ "minRiskScore": 80 }',
  pii_exposed: '{ "piiTypes": ["ssn", "credit_card"] }',
  threshold_breach: '{ "metric": "avgRps", "operator": ">", "value": 500 }',
};

export const triggerOptions = TRIGGER_TYPES.map((t) => ({ value: t, label: triggerLabel(t) }));
export const severityOptions = SEVERITIES.map((s) => ({ value: s, label: capitalize(s) }));

/** Create Alert Rule: conditions are typed as JSON and parsed before sending; bad JSON is a field message. */
export function AlertRuleDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { trigger, isMutating } = useCreateAlertRule();
  const { toast } = useToast();
  const { form, close, dialog } = useDialogForm(
    alertRuleFormSchema,
    { name: '', description: '', conditions: '', isActive: true },
    { open, onOpenChange },
  );
  const { errors } = form.formState;
  const triggerType = form.watch('triggerType');

  const submit = form.handleSubmit(async (values) => {
    const conditions = parseJsonObject(values.conditions);
    if (!conditions) return; // the schema already refused it
    try {
      const rule = await trigger({ ...values, description: values.description || undefined, conditions });
      toast({ title: 'Alert Rule Created', description: `"${rule.name}" will be checked after every scan.` });
      close();
    } catch (error) {
      toast(failureToast('Failed to create alert rule', error));
    }
  });

  return (
    <FormDialog
      {...dialog}
      title="Create Alert Rule"
      description="Raise an alert when a scan finds something that matches."
      size="lg"
      onSubmit={submit}
      submitLabel="Create Rule"
      pending={isMutating}
      pendingLabel="Creating..."
    >
      <Stack $gap={4}>
        <FormField label="Rule Name" required error={errors.name?.message}>
          <Input placeholder="Critical vulnerability on payments" {...form.register('name')} />
        </FormField>
        <FormField label="Description" hint="Optional" error={errors.description?.message}>
          <Input {...form.register('description')} />
        </FormField>
        <SelectField
          control={form.control}
          name="triggerType"
          label="Trigger Type"
          required
          error={errors.triggerType?.message}
          placeholder="Select a trigger"
          options={triggerOptions}
        />
        <SelectField
          control={form.control}
          name="severity"
          label="Severity"
          required
          error={errors.severity?.message}
          placeholder="Select a severity"
          options={severityOptions}
        />
        <JsonField
          label="Conditions (JSON)"
          hint={`For example ${triggerType ? CONDITION_EXAMPLES[triggerType] : CONDITION_EXAMPLES.high_risk_endpoint}`}
          error={errors.conditions?.message}
          {...form.register('conditions')}
        />
        <SwitchField
          control={form.control}
          name="isActive"
          label="Active"
          description="Inactive rules are kept but not checked."
        />
      </Stack>
    </FormDialog>
  );
}
