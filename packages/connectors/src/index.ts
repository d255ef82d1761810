// @argus/connectors — the network: gateway clients, spec downloads, the SSRF
// guard, active probes and the transport active tests send through. What comes
// back is read by @argus/engine's pure readers.
export {
  assertPublicUrl,
  checkedUrl,
  isPublicAddress,
  publicOnlyLookup,
  UnsafeUrlError,
  type LookupFn,
} from './ssrf.js';
export {
  fetchWithTimeout,
  guardedFetch,
  readCapped,
  readCappedBytes,
  TooLargeError,
  type CappedText,
  type FetchFn,
  type FetchResponse,
  type GuardedFetchOptions,
} from './http.js';
export { fetchSpecText, MAX_SPEC_DOWNLOAD, type DownloadContext } from './download.js';
export {
  readGateway,
  readKong,
  readAwsApiGateway,
  readAzureApim,
  type GatewayConfig,
  type GatewayContext,
} from './gateways/index.js';
export { MAX_GATEWAY_PAGE } from './gateways/context.js';
export { syncSource, type SourceConfig, type SyncContext } from './sync.js';
export { probeEndpoint, type ProbeOptions } from './probe.js';
export { createTransport, type TransportOptions } from './transport.js';
export { startCanary, type CanaryListener, type CanaryOptions } from './canary.js';
// Errors and results the connectors pass on from the engine's readers.
export { GatewayError, SourceError, SpecError, type GatewayResult, type SyncResult } from '@argus/engine';
