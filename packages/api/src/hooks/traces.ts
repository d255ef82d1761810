// Reads of what a domain's OpenTelemetry traces tell (issue 45).
import { otlpReceiptsSchema } from '../otlp-receipts.js';
import { paths } from '../paths.js';
import { traceAgreementSchema } from '../trace-agreement.js';
import { useRead } from './read.js';

/** How discovery agrees with a domain's traced routes; `domain` null skips the request. */
export const useTraceAgreement = (domain: string | null | undefined) =>
  useRead(domain ? paths.domainTraceAgreement(domain) : null, traceAgreementSchema);

/** The domain's OpenTelemetry source: receiver URL, token state, spans received; null skips it. */
export const useOtlpReceipts = (domain: string | null | undefined) =>
  useRead(domain ? paths.domainOtlp(domain) : null, otlpReceiptsSchema);
