import { errorMessage, templateOverrideRequestSchema, type Endpoint } from '@argus/api';
import { useTemplateOverride } from '@argus/api/hooks';
import { Button, Dialog, FormField, Input, Select, useToast } from '@argus/ui';
import { Combine, Split } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Inline, Muted } from './layout.js';
import { useAllowed } from './roles.js';

const PARAMETER = /^\{[^{}/]+\}$/;

/** The parameters of a template, in order (`/users/{userId}/links/{linkId}` → two). */
export const parametersOf = (template: string): string[] =>
  template.split('/').filter((s) => PARAMETER.test(s));

/** A first guess at the template a user merges into: the last literal segment named `{name}`. */
export function suggestedTemplate(path: string): string {
  const segments = path.split('/');
  for (let i = segments.length - 1; i > 0; i--)
    if (segments[i] && !PARAMETER.test(segments[i] as string)) {
      segments[i] = '{name}';
      return segments.join('/');
    }
  return path;
}

type Mode = 'merge' | 'split' | null;

/**
 * "Merge with…" (this endpoint and the paths matching a template the user names are one
 * endpoint) and "Split this template" (a parameter's values are separate endpoints): stored
 * for the domain and respected by every later scan. Analysts and admins.
 */
export function EndpointTemplateActions({ endpoint }: { endpoint: Endpoint }) {
  const allowed = useAllowed('analyst');
  const [mode, setMode] = useState<Mode>(null);
  if (!allowed || endpoint.sources?.includes('openapi')) return null;
  const parameters = parametersOf(endpoint.normalizedPath);
  return (
    <>
      <Inline>
        <Button
          variant="outline"
          icon={<Combine size={16} aria-hidden="true" />}
          onClick={() => setMode('merge')}
        >
          Merge with…
        </Button>
        {parameters.length > 0 ? (
          <Button
            variant="outline"
            icon={<Split size={16} aria-hidden="true" />}
            onClick={() => setMode('split')}
          >
            Split this template
          </Button>
        ) : null}
      </Inline>
      {mode ? (
        <TemplateOverrideDialog
          endpoint={endpoint}
          mode={mode}
          parameters={parameters}
          onClose={() => setMode(null)}
        />
      ) : null}
    </>
  );
}

function TemplateOverrideDialog({
  endpoint,
  mode,
  parameters,
  onClose,
}: {
  endpoint: Endpoint;
  mode: 'merge' | 'split';
  parameters: string[];
  onClose: () => void;
}) {
  const { trigger, isMutating } = useTemplateOverride(endpoint.id);
  const { toast } = useToast();
  const navigate = useNavigate();
  const [template, setTemplate] = useState(() => suggestedTemplate(endpoint.normalizedPath));
  const [parameter, setParameter] = useState(parameters[parameters.length - 1] ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const parsed = templateOverrideRequestSchema.safeParse(
      mode === 'merge' ? { kind: 'merge', template } : { kind: 'split', parameter },
    );
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid input');
      return;
    }
    try {
      const result = await trigger(parsed.data);
      const count = result.endpoints.length;
      toast({
        title: mode === 'merge' ? 'Endpoints Merged' : 'Template Split',
        description:
          mode === 'merge'
            ? `Paths matching ${result.override.template} are one endpoint now and in later scans.`
            : `Each value of ${parameter} is its own endpoint now and in later scans (${count} endpoint${count === 1 ? '' : 's'}).`,
      });
      onClose();
      const next = result.endpoints.find((e) => e.id === endpoint.id) ?? result.endpoints[0];
      navigate(next ? `/endpoints/${encodeURIComponent(next.id)}` : '/endpoints');
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={mode === 'merge' ? 'Merge with…' : 'Split this template'}
      description={
        mode === 'merge'
          ? `${endpoint.method} ${endpoint.normalizedPath} and every path matching the template below become one endpoint.`
          : `The values of a parameter of ${endpoint.normalizedPath} become separate endpoints.`
      }
      size="md"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={isMutating}
            loadingText={mode === 'merge' ? 'Merging...' : 'Splitting...'}
            onClick={submit}
          >
            {mode === 'merge' ? 'Merge' : 'Split'}
          </Button>
        </>
      }
    >
      {mode === 'merge' ? (
        <FormField
          label="Template"
          hint="Name each position that varies as a parameter, such as /link/{name}."
          error={error ?? undefined}
          required
        >
          <Input
            value={template}
            spellCheck={false}
            onChange={(e) => {
              setTemplate(e.target.value);
              setError(null);
            }}
          />
        </FormField>
      ) : (
        <FormField label="Parameter" error={error ?? undefined} required>
          <Select
            options={parameters.map((p) => ({ value: p, label: p }))}
            value={parameter}
            onValueChange={(value) => {
              setParameter(value);
              setError(null);
            }}
          />
        </FormField>
      )}
      <Muted>The domain is re-analysed at once; a later split or merge can undo this.</Muted>
    </Dialog>
  );
}
