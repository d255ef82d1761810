import {
  accessLogSourceFormSchema,
  errorMessage,
  GATEWAY_PROVIDER_LABELS,
  GATEWAY_PROVIDERS,
  gatewaySourceFormSchema,
  LOG_FORMAT_LABELS,
  LOG_FORMATS,
  LOG_UPLOAD_EXTENSIONS,
  SPEC_UPLOAD_EXTENSIONS,
  specSourceFormSchema,
  type DiscoverySourceCreate,
  type Domain,
} from '@argus/api';
import { useCreateDiscoverySource, useDeleteDiscoverySource, useDiscoverySources } from '@argus/api/hooks';
import {
  Button,
  Dialog,
  FileDrop,
  formatNumber,
  FormField,
  Input,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  useToast,
} from '@argus/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { SelectField } from '../../shared/SelectField.js';
import { styled } from 'styled-components';
import type { z } from 'zod';
import { Muted, Stack } from '../../shared/layout.js';
import { OpenTelemetrySource } from './OpenTelemetrySource.js';
import { SourceItem } from './SourceItem.js';
import { RoleHint, useAllowed } from '../../shared/roles.js';
import { loadErrorText } from '../../shared/text.js';

type View = 'list' | 'swagger' | 'logs' | 'gateway' | 'otlp';

const SourceList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: var(--space-3);
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Buttons = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: var(--space-2);
`;

/** Swagger 2.0 documents say `swagger: "2.0"`; everything else is treated as OpenAPI 3. */
export function specSourceType(fileContent: string | undefined): 'swagger' | 'openapi' {
  return fileContent && /["']?swagger["']?\s*:/.test(fileContent.slice(0, 4096)) ? 'swagger' : 'openapi';
}

/** Lines with content in an uploaded log. */
export function countLines(text: string): number {
  return text.split(/\r?\n/).filter((line) => line.trim() !== '').length;
}

function FormButtons({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  return (
    <Buttons>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={pending} loadingText="Adding...">
        Add Source
      </Button>
    </Buttons>
  );
}

interface AddFormProps {
  pending: boolean;
  onCancel: () => void;
  onAdd: (body: DiscoverySourceCreate) => Promise<boolean>;
}

function SpecSourceForm({ pending, onCancel, onAdd }: AddFormProps) {
  const [fileName, setFileName] = useState<string>();
  const form = useForm<z.input<typeof specSourceFormSchema>, unknown, z.output<typeof specSourceFormSchema>>({
    resolver: zodResolver(specSourceFormSchema),
    defaultValues: { name: '', url: '', fileContent: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async ({ name, url, fileContent }) => {
    await onAdd({
      type: specSourceType(fileContent),
      name,
      config: { url: url || undefined, fileContent: fileContent || undefined, fileName },
    });
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Add Swagger/OpenAPI source">
      <Stack $gap={4}>
        <FormField label="Source Name" required error={errors.name?.message}>
          <Input placeholder="Payments OpenAPI" {...form.register('name')} />
        </FormField>
        <FormField
          label="URL"
          hint="Optional: where the API description can be fetched"
          error={errors.url?.message}
        >
          <Input type="url" placeholder="https://api.example.com/openapi.json" {...form.register('url')} />
        </FormField>
        <FileDrop
          accept={SPEC_UPLOAD_EXTENSIONS}
          label="Upload API description or HAR capture"
          onFile={(file, text) => {
            setFileName(file.name);
            form.setValue('fileContent', text);
          }}
        />
        <FormButtons pending={pending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

function AccessLogSourceForm({ pending, onCancel, onAdd }: AddFormProps) {
  const [fileName, setFileName] = useState<string>();
  const [lines, setLines] = useState<number>();
  const form = useForm<
    z.input<typeof accessLogSourceFormSchema>,
    unknown,
    z.output<typeof accessLogSourceFormSchema>
  >({
    resolver: zodResolver(accessLogSourceFormSchema),
    defaultValues: { name: '', format: 'apache', fileContent: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async ({ name, format, fileContent }) => {
    await onAdd({ type: 'access_log', name, config: { format, fileContent, fileName } });
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Add access log source">
      <Stack $gap={4}>
        <FormField label="Source Name" required error={errors.name?.message}>
          <Input placeholder="Edge nginx logs" {...form.register('name')} />
        </FormField>
        <SelectField
          control={form.control}
          name="format"
          label="Log Format"
          options={LOG_FORMATS.map((f) => ({ value: f, label: LOG_FORMAT_LABELS[f] }))}
        />
        <FileDrop
          accept={LOG_UPLOAD_EXTENSIONS}
          label="Upload log file"
          error={errors.fileContent?.message}
          details={lines === undefined ? undefined : `${formatNumber(lines)} lines`}
          onFile={(file, text) => {
            setFileName(file.name);
            setLines(countLines(text));
            // Until the user picks a format, a file named like one (edge-nginx.log) selects it.
            const guessed = logFormatFromFileName(file.name);
            if (guessed && !form.getFieldState('format').isDirty) form.setValue('format', guessed);
            form.setValue('fileContent', text, { shouldValidate: form.formState.isSubmitted });
          }}
        />
        <FormButtons pending={pending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

/** nginx for "…nginx…", AWS API Gateway for "…api-gateway…"/"…apigateway…"; else no guess. */
export function logFormatFromFileName(name: string): (typeof LOG_FORMATS)[number] | undefined {
  if (/nginx/i.test(name)) return 'nginx';
  if (/api[-_]?gateway/i.test(name)) return 'aws_api_gateway';
  return undefined;
}

function GatewaySourceForm({ pending, onCancel, onAdd }: AddFormProps) {
  const form = useForm<
    z.input<typeof gatewaySourceFormSchema>,
    unknown,
    z.output<typeof gatewaySourceFormSchema>
  >({
    resolver: zodResolver(gatewaySourceFormSchema),
    defaultValues: { name: '', provider: 'kong', url: '', apiKey: '', region: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async ({ name, provider, url, apiKey, region }) => {
    await onAdd({
      type: 'api_gateway',
      name,
      config: { provider, url, apiKey, region: region || undefined },
    });
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Add API gateway source">
      <Stack $gap={4}>
        <FormField label="Source Name" required error={errors.name?.message}>
          <Input placeholder="Kong production" {...form.register('name')} />
        </FormField>
        <SelectField
          control={form.control}
          name="provider"
          label="Gateway Provider"
          options={GATEWAY_PROVIDERS.map((p) => ({ value: p, label: GATEWAY_PROVIDER_LABELS[p] }))}
        />
        <FormField label="Gateway URL" required error={errors.url?.message}>
          <Input type="url" placeholder="https://kong-admin.example.com" {...form.register('url')} />
        </FormField>
        <FormField label="API Key / Access Token" required error={errors.apiKey?.message}>
          <Input type="password" autoComplete="off" {...form.register('apiKey')} />
        </FormField>
        <FormField label="Region" hint="Required for AWS API Gateway" error={errors.region?.message}>
          <Input placeholder="us-east-1" {...form.register('region')} />
        </FormField>
        <FormButtons pending={pending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

function SourcesList({ domainId }: { domainId: string }) {
  const { data: sources, error, isLoading } = useDiscoverySources(domainId);
  const { trigger, isMutating } = useDeleteDiscoverySource(domainId);
  const canDelete = useAllowed('admin');
  const [deleting, setDeleting] = useState<string>();
  const { toast } = useToast();
  let content: ReactNode;
  if (isLoading) content = <Muted>Loading sources...</Muted>;
  else if (error) content = <Muted role="alert">{loadErrorText('sources', error)}</Muted>;
  else if (!sources?.length) content = <Muted>No discovery sources configured yet.</Muted>;
  else
    content = (
      <SourceList>
        {sources.map((s) => (
          <SourceItem
            key={s.id}
            source={s}
            deleting={isMutating && deleting === s.id}
            onDelete={
              canDelete
                ? async () => {
                    setDeleting(s.id);
                    try {
                      await trigger(s.id);
                      toast({ title: 'Source Deleted', description: 'Discovery source has been removed.' });
                    } catch {
                      toast({
                        title: 'Error',
                        description: 'Failed to delete discovery source.',
                        variant: 'destructive',
                      });
                    }
                  }
                : undefined
            }
          />
        ))}
      </SourceList>
    );
  return content;
}

export interface DiscoverySourcesDialogProps {
  /** The domain whose sources are managed; null keeps the dialog closed. */
  domain: Domain | null;
  onClose: () => void;
}

/** Sources of one domain: list, three add forms (Swagger/OpenAPI, Access Logs, API Gateway), delete, and OpenTelemetry. */
export function DiscoverySourcesDialog({ domain, onClose }: DiscoverySourcesDialogProps) {
  const [view, setView] = useState<View>('list');
  // Bumped after a successful add: remounts the three forms, clearing fields and file text.
  const [formsKey, setFormsKey] = useState(0);
  const { data: sources } = useDiscoverySources(domain?.id ?? null);
  const { trigger, isMutating } = useCreateDiscoverySource(domain?.id ?? '');
  const canAdd = useAllowed('admin');
  const { toast } = useToast();

  async function add(body: DiscoverySourceCreate): Promise<boolean> {
    try {
      const source = await trigger(body);
      // Saved is not read: a first sync that failed or rejected lines says so.
      if (source?.syncStatus === 'failed') {
        toast({
          title: 'Discovery Source Added',
          description: `The source was saved, but reading it failed: ${source.lastError ?? 'unknown error'}`,
          variant: 'destructive',
        });
      } else {
        toast({
          title: 'Discovery Source Added',
          description: (
            <>
              Discovery source has been configured successfully.
              {source?.lastError ? (
                <>
                  <br />
                  {source.lastError}
                </>
              ) : null}
            </>
          ),
        });
      }
      setFormsKey((k) => k + 1);
      setView('list');
      return true;
    } catch (error) {
      toast({
        title: 'Error',
        description: (
          <>
            Failed to add discovery source.
            <br />
            {errorMessage(error)}
          </>
        ),
        variant: 'destructive',
      });
      return false;
    }
  }

  const close = (open: boolean) => {
    if (open) return;
    setView('list');
    setFormsKey((k) => k + 1);
    onClose();
  };
  const back = () => setView('list');
  const formProps = { pending: isMutating, onCancel: back, onAdd: add };

  return (
    <Dialog
      open={domain !== null}
      onOpenChange={close}
      title={domain?.name ?? ''}
      description="Discovery sources feed this domain's endpoints."
      size="lg"
    >
      {domain && !canAdd ? (
        <Stack $gap={4}>
          <RoleHint needed="admin">add or remove discovery sources</RoleHint>
          <SourcesList domainId={domain.id} />
          <details>
            <summary>OpenTelemetry</summary>
            <OpenTelemetrySource domain={domain.name} />
          </details>
        </Stack>
      ) : domain ? (
        <Tabs value={view} onValueChange={(v) => setView(v as View)}>
          <TabsList aria-label="Discovery sources">
            <TabsTrigger value="list">Sources ({sources?.length ?? 0})</TabsTrigger>
            <TabsTrigger value="swagger">Swagger/OpenAPI</TabsTrigger>
            <TabsTrigger value="logs">Access Logs</TabsTrigger>
            <TabsTrigger value="gateway">API Gateway</TabsTrigger>
            <TabsTrigger value="otlp">OpenTelemetry</TabsTrigger>
          </TabsList>
          <TabsContent value="list">
            <SourcesList domainId={domain.id} />
          </TabsContent>
          <TabsContent value="swagger" forceMount hidden={view !== 'swagger'}>
            <SpecSourceForm key={formsKey} {...formProps} />
          </TabsContent>
          <TabsContent value="logs" forceMount hidden={view !== 'logs'}>
            <AccessLogSourceForm key={formsKey} {...formProps} />
          </TabsContent>
          <TabsContent value="gateway" forceMount hidden={view !== 'gateway'}>
            <GatewaySourceForm key={formsKey} {...formProps} />
          </TabsContent>
          <TabsContent value="otlp">
            <OpenTelemetrySource domain={domain.name} />
          </TabsContent>
        </Tabs>
      ) : null}
    </Dialog>
  );
}
