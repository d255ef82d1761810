// Active probes (deep scanning only): safe GET/HEAD requests to the user's API
// through the caller's fetch. Never sends state-changing methods; reads at most
// 8 KB of each answer.
import { CHECKS, type EndpointAggregate, type Vulnerability } from '@argus/engine';
import { readCapped, type FetchFn } from './http.js';
import { assertPublicUrl, type LookupFn } from './ssrf.js';

export interface ProbeOptions {
  fetch: FetchFn;
  /** Base URL (scheme + host); default https://{domain}. */
  baseUrl?: string;
  allowPrivate?: boolean;
  lookup?: LookupFn;
  timeoutMs?: number;
}

const PROBE_ORIGIN = 'https://argus-probe.invalid';
const VERBOSE =
  /(\bat [\w$.<>]+ \([^)]*:\d+:\d+\)|Traceback \(most recent call last\)|Exception in thread|SQLSTATE\[|\bORA-\d{5}\b|You have an error in your SQL syntax|System\.[A-Z]\w+Exception)/;

function fillPath(template: string, value: string): string {
  return template.replace(/\{[^}]+\}/g, value);
}

const vuln = (id: keyof typeof CHECKS, detail: string, path: string): Vulnerability => ({
  ...CHECKS[id],
  subject: `probe: ${detail}`,
  confidence: 'high',
  evidence: [
    { side: 'response', part: 'status', field: path, rule: `${id}:probe`, detail, lastSeen: Date.now() },
  ],
});

/**
 * Probe one endpoint: (1) an unauthenticated GET where credentials are expected,
 * (2) a CORS preflight-free credentialed-origin check, (3) a malformed identifier
 * to provoke verbose errors. Only for GET endpoints; other methods get the CORS check on GET of the same path skipped.
 */
export async function probeEndpoint(
  ep: Pick<EndpointAggregate, 'domain' | 'method' | 'normalizedPath' | 'spec' | 'auth'>,
  options: ProbeOptions,
): Promise<Vulnerability[]> {
  if (ep.method !== 'GET' && ep.method !== 'HEAD') return [];
  const base = (options.baseUrl ?? `https://${ep.domain}`).replace(/\/$/, '');
  const guard = {
    allowPrivate: options.allowPrivate ?? false,
    ...(options.lookup ? { lookup: options.lookup } : {}),
  };
  const out: Vulnerability[] = [];
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const url = `${base}${path}`;
    await assertPublicUrl(url, guard);
    try {
      const res = await options.fetch(url, {
        method: 'GET',
        headers,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      return {
        status: res.status,
        headers: res.headers,
        body: (await readCapped(res, 8192, { truncate: true })).text,
      };
    } catch {
      return null;
    }
  };
  const plain = await get(fillPath(ep.normalizedPath, '1'), { origin: PROBE_ORIGIN });
  if (plain) {
    const expectsAuth =
      ep.spec?.security === 'required' || Object.keys(ep.auth).some((k) => k !== 'none' && k !== 'unknown');
    if (expectsAuth && plain.status >= 200 && plain.status < 300)
      out.push(vuln('ARGUS-API2-001', `GET without credentials answered ${plain.status}`, ep.normalizedPath));
    const acao = plain.headers.get('access-control-allow-origin');
    if (
      (acao === '*' || acao === PROBE_ORIGIN) &&
      plain.headers.get('access-control-allow-credentials')?.toLowerCase() === 'true'
    ) {
      out.push(vuln('ARGUS-API8-003', `Access-Control-Allow-Origin: ${acao}`, ep.normalizedPath));
    }
  }
  if (ep.normalizedPath.includes('{')) {
    const bad = await get(fillPath(ep.normalizedPath, '%27%22%3C0x%7B'));
    if (bad && bad.status >= 400 && VERBOSE.test(bad.body))
      out.push(
        vuln('ARGUS-API8-004', `malformed id answered ${bad.status} with a stack trace`, ep.normalizedPath),
      );
  }
  return out;
}
