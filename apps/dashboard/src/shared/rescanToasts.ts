import { errorMessage } from '@argus/api';
import { useToast } from '@argus/ui';
import { useRescanAnyEndpoint } from '@argus/api/hooks';
import { useCallback, useState } from 'react';

/** Spec section 8: the rescan toasts, shared by the modal, the detail screen and table rows. */
export function useRescanToasts() {
  const { toast } = useToast();
  const succeeded = useCallback(
    () => toast({ title: 'Rescan initiated', description: 'The endpoint security scan has been started.' }),
    [toast],
  );
  const failed = useCallback(
    (error: unknown) =>
      toast({
        title: 'Rescan failed',
        description: errorMessage(error, 'Failed to initiate security scan.'),
        variant: 'destructive',
      }),
    [toast],
  );
  return { succeeded, failed };
}

/** Rescan from a table row: its own pending flag (rows rescan independently) and the same toasts. */
export function useRowRescan(id: string) {
  const { trigger } = useRescanAnyEndpoint();
  const { succeeded, failed } = useRescanToasts();
  const [pending, setPending] = useState(false);
  const rescan = async () => {
    setPending(true);
    try {
      await trigger(id);
      succeeded();
    } catch (error) {
      failed(error);
    } finally {
      setPending(false);
    }
  };
  return { pending, rescan };
}
