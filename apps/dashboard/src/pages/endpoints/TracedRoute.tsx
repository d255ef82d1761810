import type { ReactNode } from 'react';
import type { Endpoint } from '@argus/api';
import { useTraceAgreement } from '@argus/api/hooks';
import { Mono, Muted, Stack } from '../../shared/layout.js';
import { TemplateList } from '../../shared/TemplateList.js';

/**
 * For an endpoint whose template a trace's `http.route` declared: whether discovery alone,
 * from the same requests, reads the same route (issue 45's templating agreement).
 */
export function TracedRoute({ endpoint, label }: { endpoint: Endpoint; label: ReactNode }) {
  const { data } = useTraceAgreement(endpoint.tracedRoute ? endpoint.domain : null);
  const row = data?.byRoute.find((r) => r.method === endpoint.method && r.route === endpoint.normalizedPath);
  if (!endpoint.tracedRoute || !row) return null;
  return (
    <Stack>
      {label}
      {row.verdict === 'confirmed' ? (
        <span>Route confirmed by traces</span>
      ) : (
        <span>
          Traces say <Mono>{row.route}</Mono>; discovery alone read <TemplateList templates={row.learned} />
          {row.joinedWith.length > 0 ? (
            <Muted>
              {' '}
              (joined with {row.joinedWith.length} other route{row.joinedWith.length === 1 ? '' : 's'})
            </Muted>
          ) : null}
        </span>
      )}
    </Stack>
  );
}
