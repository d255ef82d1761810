import { apiKeyFormSchema } from '@argus/api';
import { Badge, Button, Card, formatShortDate, FormField, IconButton, Input, useToast } from '@argus/ui';
import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { SelectField } from '../../shared/SelectField.js';
import { styled } from 'styled-components';
import { FormDialog, useDialogForm } from '../../shared/FormDialog.js';
import { Inline, Mono, Muted, Stack } from '../../shared/layout.js';

/** An API key entry (client only, spec section 3). */
export interface ApiKeyEntry {
  id: string;
  name: string;
  description: string;
  environment: string;
  value: string;
  lastUsed: string | null;
}

/** The two sample entries the spec preloads. */
export const SAMPLE_API_KEYS: readonly ApiKeyEntry[] = [
  {
    id: 'key-1',
    name: 'CI pipeline',
    description: 'Uploads OpenAPI descriptions on every release',
    environment: 'production',
    value: 'argus_live_4f9c2a7d1e8b6035',
    lastUsed: '2025-05-31T09:15:00Z',
  },
  {
    id: 'key-2',
    name: 'Staging gateway sync',
    description: 'Kong staging admin API',
    environment: 'staging',
    value: 'argus_test_a1b2c3d4e5f60718',
    lastUsed: null,
  },
];

const ENVIRONMENTS = [
  { value: 'production', label: 'Production' },
  { value: 'staging', label: 'Staging' },
  { value: 'development', label: 'Development' },
];

/** "argus_live_4f9c…0035": enough to recognise a key, never the whole secret on screen. */
export function maskKey(value: string): string {
  return value.length <= 8 ? '••••' : `${value.slice(0, 10)}…${value.slice(-4)}`;
}

const Keys = styled.ul`
  display: flex;
  flex-direction: column;
  gap: var(--space-3);
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Key = styled.li`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: var(--space-3);
  padding: var(--space-4);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
`;

let nextKey = 3;

function AddApiKeyDialog({
  open,
  onOpenChange,
  onAdd,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdd: (entry: ApiKeyEntry) => void;
}) {
  const { form, close, dialog } = useDialogForm(
    apiKeyFormSchema,
    { name: '', description: '', environment: '', value: '' },
    { open, onOpenChange },
  );
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => {
    onAdd({
      id: `key-${nextKey++}`,
      name: values.name,
      description: values.description ?? '',
      environment: values.environment,
      value: values.value,
      lastUsed: null,
    });
    close();
  });
  return (
    <FormDialog
      {...dialog}
      title="Add API Key"
      description="Keys are kept in this browser session only."
      onSubmit={submit}
      submitLabel="Add API Key"
    >
      <Stack $gap={4}>
        <FormField label="Name" required error={errors.name?.message}>
          <Input {...form.register('name')} />
        </FormField>
        <FormField label="Description" hint="Optional" error={errors.description?.message}>
          <Input {...form.register('description')} />
        </FormField>
        <SelectField
          control={form.control}
          name="environment"
          label="Environment"
          required
          error={errors.environment?.message}
          placeholder="Select an environment"
          options={ENVIRONMENTS}
        />
        <FormField label="API Key" required error={errors.value?.message}>
          <Input type="password" autoComplete="off" {...form.register('value')} />
        </FormField>
      </Stack>
    </FormDialog>
  );
}

/** Integrations tab: API keys held on the client, two samples preloaded. */
export function ApiKeys() {
  const [keys, setKeys] = useState<ApiKeyEntry[]>(() => SAMPLE_API_KEYS.map((k) => ({ ...k })));
  const [adding, setAdding] = useState(false);
  const { toast } = useToast();
  return (
    <Card
      title="API Keys"
      description="Keys for the integrations that talk to Argus."
      actions={
        <Button icon={<Plus size={16} aria-hidden="true" />} onClick={() => setAdding(true)}>
          Add API Key
        </Button>
      }
    >
      {keys.length === 0 ? (
        <Muted>No API keys yet.</Muted>
      ) : (
        <Keys>
          {keys.map((k) => (
            <Key key={k.id}>
              <Inline $gap={3} style={{ flexWrap: 'nowrap' }}>
                <KeyRound size={18} aria-hidden="true" />
                <Stack>
                  <Inline>
                    <strong>{k.name}</strong>
                    <Badge tone={k.environment === 'production' ? 'danger' : 'info'}>{k.environment}</Badge>
                  </Inline>
                  {k.description ? <Muted>{k.description}</Muted> : null}
                  <Inline>
                    <Mono>{maskKey(k.value)}</Mono>
                    <Muted>{k.lastUsed ? `Last used ${formatShortDate(k.lastUsed)}` : 'Never used'}</Muted>
                  </Inline>
                </Stack>
              </Inline>
              <IconButton
                label={`Delete API key ${k.name}`}
                onClick={() => {
                  setKeys((current) => current.filter((x) => x.id !== k.id));
                  toast({ title: 'API Key Deleted', description: `"${k.name}" was removed.` });
                }}
              >
                <Trash2 size={16} aria-hidden="true" />
              </IconButton>
            </Key>
          ))}
        </Keys>
      )}
      <AddApiKeyDialog
        open={adding}
        onOpenChange={setAdding}
        onAdd={(entry) => {
          setKeys((current) => [...current, entry]);
          toast({ title: 'API Key Added', description: `"${entry.name}" was added.` });
        }}
      />
    </Card>
  );
}
