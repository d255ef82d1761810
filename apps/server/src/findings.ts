// What a scan, rescan, sync or capture batch found: the input of alerting
// (processFindings in alerts/index.ts). Shared by the server and alerts code.

export type FindingsTrigger = 'scan' | 'rescan' | 'sync' | 'capture';

import type { EndpointFindings as EngineFindings, LiveChange, ScannerActivity } from '@argus/engine';

/**
 * The engine's findings for one endpoint (what its rules read), plus what only
 * the server knows: the endpoint's id and what changed since the last analysis.
 */
export interface EndpointFindings extends Omit<
  EngineFindings,
  'endpointId' | 'requestCount' | 'avgRps' | 'piiLocations' | 'errorRate'
> {
  id: string;
  /** Score before this analysis; null for a new endpoint. */
  previousRiskScore: number | null;
  /** PII types not seen on this endpoint before this analysis. */
  newPiiTypes: string[];
  /**
   * What the lockfile diff of the stored aggregate against the new one finds: an
   * authentication regression, PII in new places (type, direction, field).
   */
  changes: LiveChange[];
  avgRps: number;
  requestCount: number;
}

export interface ScanFindings {
  trigger: FindingsTrigger;
  domain: string;
  endpoints: EndpointFindings[];
  /** The domain's scanner activity so far, when this batch brought more of it. */
  scanner?: ScannerActivity;
}
