import {
  alertRuleFormSchema,
  errorMessage,
  parseJsonObject,
  SEVERITIES,
  TRIGGER_TYPES,
  type AlertRuleForm,
} from '@argus/api';
import { useCreateAlertRule } from '@argus/api/hooks';
import { capitalize, FormField, Input, Switch, Textarea, useToast } from '@argus/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { SelectField } from '../../shared/SelectField.js';
import type { z } from 'zod';
import { FormDialog } from '../../shared/FormDialog.js';
import { Stack } from '../../shared/layout.js';
import { triggerLabel } from '../../shared/text.js';

const FORM_ID = 'alert-rule-form';

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
  const form = useForm<AlertRuleForm, unknown, z.output<typeof alertRuleFormSchema>>({
    resolver: zodResolver(alertRuleFormSchema),
    defaultValues: { name: '', description: '', conditions: '', isActive: true },
  });
  const { errors } = form.formState;
  const triggerType = form.watch('triggerType');

  const close = (next: boolean) => {
    if (!next) form.reset();
    onOpenChange(next);
  };

  const submit = form.handleSubmit(async (values) => {
    const conditions = parseJsonObject(values.conditions);
    if (!conditions) return; // the schema already refused it
    try {
      const rule = await trigger({ ...values, description: values.description || undefined, conditions });
      toast({ title: 'Alert Rule Created', description: `"${rule.name}" will be checked after every scan.` });
      close(false);
    } catch (error) {
      toast({
        title: 'Error',
        description: `Failed to create alert rule: ${errorMessage(error)}`,
        variant: 'destructive',
      });
    }
  });

  return (
    <FormDialog
      open={open}
      onClose={() => close(false)}
      title="Create Alert Rule"
      description="Raise an alert when a scan finds something that matches."
      size="lg"
      formId={FORM_ID}
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
        <FormField
          label="Conditions (JSON)"
          required
          hint={`For example ${triggerType ? CONDITION_EXAMPLES[triggerType] : CONDITION_EXAMPLES.high_risk_endpoint}`}
          error={errors.conditions?.message}
        >
          <Textarea monospace rows={5} spellCheck={false} {...form.register('conditions')} />
        </FormField>
        <Controller
          control={form.control}
          name="isActive"
          render={({ field: { value, onChange } }) => (
            <Switch
              label="Active"
              description="Inactive rules are kept but not checked."
              checked={value ?? true}
              onCheckedChange={onChange}
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
