// The one GET hook: an SWR read keyed by its URL path, parsed with the entity's schema.
import useSWR, { type SWRConfiguration } from 'swr';
import type { z } from 'zod';
import { apiGet } from '../fetcher.js';

export function useRead<S extends z.ZodType>(
  path: string | null,
  schema: S,
  config?: SWRConfiguration<z.output<S>, Error>,
) {
  return useSWR<z.output<S>, Error>(path, (key: string) => apiGet(key, schema), config);
}
