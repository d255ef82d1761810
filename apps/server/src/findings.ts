// What a scan, rescan, sync or capture batch found: the input of alerting
// (processFindings in alerts/index.ts). Shared by the server and alerts code.

export type FindingsTrigger = 'scan' | 'rescan' | 'sync' | 'capture';

export interface EndpointFindings {
  id: string;
  method: string;
  normalizedPath: string;
  domain: string;
  riskScore: number;
  /** Score before this analysis; null for a new endpoint. */
  previousRiskScore: number | null;
  piiTypes: string[];
  /** PII types not seen on this endpoint before this analysis. */
  newPiiTypes: string[];
  avgRps: number;
  requestCount: number;
  vulnerabilities: Array<{ vulnId: string; title: string; severity: string; owaspCategory: string }>;
}

export interface ScanFindings {
  trigger: FindingsTrigger;
  domain: string;
  endpoints: EndpointFindings[];
}
