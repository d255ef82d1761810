import {
  defaultSettings,
  numberOr,
  SETTINGS_DEFAULTS,
  SETTINGS_RANGES,
  settingsUpdateSchema,
  type SettingsUpdate,
} from '@argus/api';
import { useSaveSettings, useSettings } from '@argus/api/hooks';
import {
  Button,
  Card,
  FormField,
  Input,
  Skeleton,
  Slider,
  Switch,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  useToast,
} from '@argus/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { styled } from 'styled-components';
import { z } from 'zod';
import { Muted, Stack } from '../../shared/layout.js';
import { RoleHint, useAllowed } from '../../shared/roles.js';
import { loadErrorText } from '../../shared/text.js';
import { failureToast } from '../../shared/toasts.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { ApiKeys } from './ApiKeys.js';
import { UserManagement } from './UserManagement.js';

/** The scanning inputs fall back to 60, 30 and 5 when cleared or non-numeric (spec section 5). */
const fallback = (value: number, [min, max]: readonly [number, number]) =>
  z.preprocess((input) => numberOr(input, value, min, max), z.number());

export const settingsFormSchema = settingsUpdateSchema.extend({
  scanIntervalMinutes: fallback(SETTINGS_DEFAULTS.scanIntervalMinutes, SETTINGS_RANGES.scanIntervalMinutes),
  requestTimeoutSeconds: fallback(
    SETTINGS_DEFAULTS.requestTimeoutSeconds,
    SETTINGS_RANGES.requestTimeoutSeconds,
  ),
  maxConcurrentScans: fallback(SETTINGS_DEFAULTS.maxConcurrentScans, SETTINGS_RANGES.maxConcurrentScans),
});
type SettingsForm = z.input<typeof settingsFormSchema>;

const WEIGHTS = [
  { key: 'vulnerability', label: 'Vulnerability Severity' },
  { key: 'pii', label: 'PII Exposure' },
  { key: 'traffic', label: 'Traffic Volume' },
  { key: 'exposure', label: 'Public Exposure' },
] as const;

const FieldGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: var(--space-4);
`;

const WeightRow = styled.div`
  display: grid;
  grid-template-columns: 200px minmax(0, 1fr) 48px;
  align-items: center;
  gap: var(--space-4);
`;

const WeightValue = styled.span`
  font-variant-numeric: tabular-nums;
  font-weight: var(--font-weight-semibold);
  text-align: right;
`;

const Total = styled.p<{ $ok: boolean }>`
  margin: 0;
  padding-top: var(--space-3);
  border-top: 1px solid var(--color-border);
  font-weight: var(--font-weight-semibold);

  strong {
    color: ${(p) => (p.$ok ? 'var(--color-success-fg)' : 'var(--color-danger-fg)')};
  }
`;

function WeightSlider({
  control,
  weight,
  disabled,
}: {
  control: Control<SettingsForm>;
  weight: (typeof WEIGHTS)[number];
  disabled: boolean;
}) {
  const labelId = useId();
  return (
    <Controller
      control={control}
      name={`weights.${weight.key}`}
      render={({ field: { value, onChange } }) => (
        <WeightRow>
          <span id={labelId}>{weight.label}</span>
          <Slider
            aria-labelledby={labelId}
            min={0}
            max={100}
            step={1}
            disabled={disabled}
            value={value}
            onValueChange={onChange}
          />
          <WeightValue aria-hidden="true">{value}</WeightValue>
        </WeightRow>
      )}
    />
  );
}

function WeightTotal({ control }: { control: Control<SettingsForm> }) {
  const weights = useWatch({ control, name: 'weights' });
  const total = WEIGHTS.reduce((sum, w) => sum + (Number(weights?.[w.key]) || 0), 0);
  return (
    <Total $ok={total === 100} data-total={total}>
      Total: <strong>{total}%</strong>
      {total === 100 ? null : <Muted> (the weights are normalised by their total when scoring)</Muted>}
    </Total>
  );
}

export default function SettingsPage() {
  const { data: settings, error, isLoading } = useSettings();
  if (isLoading) {
    return (
      <>
        <PageHeader
          title="Platform Configuration"
          subtitle="Scanning, risk scoring, users and integrations"
        />
        <Stack $gap={4} role="status" aria-busy="true" aria-label="Loading settings">
          <Skeleton height={36} width={420} />
          <Skeleton height={260} />
        </Stack>
      </>
    );
  }
  return <SettingsForm settings={settings} error={error} />;
}

function SettingsForm({ settings, error }: { settings: SettingsUpdate | undefined; error: unknown }) {
  const save = useSaveSettings();
  // Only admins may change settings; others see them read-only rather than a Save the server refuses.
  const readOnly = !useAllowed('admin');
  const { toast } = useToast();
  const form = useForm<SettingsForm, unknown, SettingsUpdate>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: settings ?? defaultSettings,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    if (readOnly) return;
    try {
      // Show what was stored: cleared or non-numeric inputs now read their fallback.
      form.reset(await save.trigger(body));
      toast({
        title: 'Configuration Saved',
        description: 'Scanning and risk scoring settings have been saved.',
      });
    } catch (err) {
      toast(failureToast('Failed to save configuration', err));
    }
  });

  return (
    <>
      <PageHeader
        title="Platform Configuration"
        subtitle="Scanning, risk scoring, users and integrations"
        primaryAction={
          readOnly ? undefined : (
            <Button
              type="submit"
              form="settings-form"
              icon={<Save size={16} aria-hidden="true" />}
              loading={save.isMutating}
              loadingText="Saving..."
            >
              Save Configuration
            </Button>
          )
        }
      />
      {error ? <Muted role="alert">{loadErrorText('settings', error)}</Muted> : null}
      {readOnly ? <RoleHint needed="admin">change these settings</RoleHint> : null}
      <form id="settings-form" onSubmit={submit} noValidate>
        <Tabs defaultValue="scanning">
          <TabsList aria-label="Settings">
            <TabsTrigger value="scanning">Scanning</TabsTrigger>
            <TabsTrigger value="risk">Risk Scoring</TabsTrigger>
            <TabsTrigger value="users">User Management</TabsTrigger>
            <TabsTrigger value="integrations">Integrations</TabsTrigger>
          </TabsList>
          <TabsContent value="scanning">
            <Card title="Scanning" description="How often and how hard Argus scans your APIs.">
              <Stack $gap={5}>
                <FieldGrid>
                  <FormField
                    label="Scan Interval (minutes)"
                    hint="1 to 1440"
                    error={errors.scanIntervalMinutes?.message}
                  >
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={1440}
                      readOnly={readOnly}
                      {...form.register('scanIntervalMinutes')}
                    />
                  </FormField>
                  <FormField
                    label="Request Timeout (seconds)"
                    hint="5 to 300"
                    error={errors.requestTimeoutSeconds?.message}
                  >
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={5}
                      max={300}
                      readOnly={readOnly}
                      {...form.register('requestTimeoutSeconds')}
                    />
                  </FormField>
                  <FormField
                    label="Max Concurrent Scans"
                    hint="1 to 50"
                    error={errors.maxConcurrentScans?.message}
                  >
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={50}
                      readOnly={readOnly}
                      {...form.register('maxConcurrentScans')}
                    />
                  </FormField>
                </FieldGrid>
                <Controller
                  control={form.control}
                  name="autoScan"
                  render={({ field: { value, onChange } }) => (
                    <Switch
                      label="Automatic Scanning"
                      description="Scan every domain on the interval above."
                      disabled={readOnly}
                      checked={value}
                      onCheckedChange={onChange}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="deepScan"
                  render={({ field: { value, onChange } }) => (
                    <Switch
                      label="Deep Scanning"
                      description="Also send active probes to your APIs (slower, more thorough)."
                      disabled={readOnly}
                      checked={value}
                      onCheckedChange={onChange}
                    />
                  )}
                />
              </Stack>
            </Card>
          </TabsContent>
          <TabsContent value="risk">
            <Card
              title="Risk Scoring"
              description="How much each part counts towards an endpoint's risk score."
            >
              <Stack $gap={4}>
                {WEIGHTS.map((w) => (
                  <WeightSlider key={w.key} control={form.control} weight={w} disabled={readOnly} />
                ))}
                <WeightTotal control={form.control} />
              </Stack>
            </Card>
          </TabsContent>
          <TabsContent value="users">
            <UserManagement />
          </TabsContent>
          <TabsContent value="integrations">
            <ApiKeys />
          </TabsContent>
        </Tabs>
      </form>
    </>
  );
}
