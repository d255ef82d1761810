import { domainCreateSchema, DOMAIN_EXAMPLE_HOST } from '@argus/api';
import { useCreateDomain } from '@argus/api/hooks';
import { FormField, Input, Textarea, useToast } from '@argus/ui';
import { FormDialog, useDialogForm } from '../../shared/FormDialog.js';
import { Stack } from '../../shared/layout.js';

export function AddDomainDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { trigger, isMutating } = useCreateDomain();
  const { toast } = useToast();
  const { form, close, dialog } = useDialogForm(
    domainCreateSchema,
    { name: '', description: '' },
    { open, onOpenChange },
  );
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      await trigger({ name: body.name, description: body.description || undefined });
      toast({
        title: 'Domain Added',
        description: 'Domain has been added successfully. You can now scan it for endpoints.',
      });
      close();
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to add domain. Please try again.',
        variant: 'destructive',
      });
    }
  });

  return (
    <FormDialog
      {...dialog}
      title="Add Domain for Testing"
      description="Add an API domain, then attach discovery sources and scan it."
      onSubmit={submit}
      submitLabel="Add Domain"
      pending={isMutating}
      pendingLabel="Adding..."
    >
      <Stack $gap={4}>
        <FormField
          label="Domain Name"
          required
          hint={`An API hostname, e.g. ${DOMAIN_EXAMPLE_HOST}`}
          error={errors.name?.message}
        >
          <Input placeholder={DOMAIN_EXAMPLE_HOST} autoComplete="off" {...form.register('name')} />
        </FormField>
        <FormField label="Description" hint="Optional" error={errors.description?.message}>
          <Textarea placeholder="What this API serves" rows={3} {...form.register('description')} />
        </FormField>
      </Stack>
    </FormDialog>
  );
}
