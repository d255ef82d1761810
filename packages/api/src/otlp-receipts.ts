// The OpenTelemetry source of a domain (issue 45): where an SDK or Collector sends its
// traces, whether the ingest token they need is set, and what the receiver has taken in.
import { z } from 'zod';

const counted = z.number().int().nonnegative();

export const otlpReceiptsSchema = z.object({
  /** The receiver's path on this server (POST, OTLP/HTTP). */
  path: z.string(),
  /** The receiver's full URL when the server knows its public address (ARGUS_PUBLIC_URL). */
  url: z.string().nullable(),
  /** Whether ARGUS_INGEST_TOKEN is set; its value is never sent. */
  ingestTokenSet: z.boolean(),
  /** Every accepted export, over all domains. */
  totals: z.object({
    spans: counted,
    /** HTTP server spans that became observations. */
    observations: counted,
    /** Client, internal, producer and consumer spans. */
    notServer: counted,
    /** Server spans without an HTTP method. */
    notHttp: counted,
    /** HTTP server spans naming no host or path. */
    unplaced: counted,
    rejected: counted,
    lastReceived: z.string().nullable(),
  }),
  /** Observations made from this domain's server spans. */
  domain: z.object({ name: z.string(), observations: counted, lastReceived: z.string().nullable() }),
});
export type OtlpReceipts = z.infer<typeof otlpReceiptsSchema>;
