// What a domain's OpenTelemetry traces tell, as the server answers it: the receiver's counts
// (GET /domains/:name/otlp) and the templating agreement (GET /domains/:name/trace-agreement).
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { OtlpReceipts, TraceAgreement } from '../index.js';
import { FIXTURE_NOW, type Fixtures } from './fixtures.js';

export interface TraceMocks {
  /** The agreement every domain answers; by default each traced endpoint of the fixtures is confirmed. */
  agreement?: Omit<TraceAgreement, 'domain'>;
  /** The receiver's answer without the domain's name (default: a receiver that took in some traffic). */
  receipts?: Omit<OtlpReceipts, 'domain'> & { domainObservations: number };
}

const at = (minutesAgo: number) => new Date(FIXTURE_NOW - minutesAgo * 60_000).toISOString();

export const SAMPLE_RECEIPTS: NonNullable<TraceMocks['receipts']> = {
  path: '/v1/traces',
  url: 'https://argus.example.com/v1/traces',
  ingestTokenSet: true,
  totals: {
    spans: 18_420,
    observations: 12_960,
    notServer: 5_310,
    notHttp: 140,
    unplaced: 6,
    rejected: 4,
    lastReceived: at(3),
  },
  domainObservations: 8_215,
};

export function traceHandlers(db: Fixtures, mocks: TraceMocks = {}): HttpHandler[] {
  const P = '*/api/v1';
  return [
    http.get(`${P}/domains/:name/otlp`, ({ params }) => {
      const { domainObservations, ...receipts } = mocks.receipts ?? SAMPLE_RECEIPTS;
      const name = String(params.name);
      return HttpResponse.json({
        ...receipts,
        domain: {
          name,
          observations: domainObservations,
          lastReceived: domainObservations > 0 ? receipts.totals.lastReceived : null,
        },
      } satisfies OtlpReceipts);
    }),
    http.get(`${P}/domains/:name/trace-agreement`, ({ params }) => {
      const domain = String(params.name);
      if (mocks.agreement) return HttpResponse.json({ domain, ...mocks.agreement });
      // The mock's discovery agrees with every route its traces declared.
      const byRoute = db.endpoints
        .filter((e) => e.domain === domain && e.tracedRoute)
        .map((e) => ({
          method: e.method,
          route: e.normalizedPath,
          verdict: 'confirmed' as const,
          learned: [e.normalizedPath],
          joinedWith: [],
          example: null,
        }));
      const n = byRoute.length;
      return HttpResponse.json({
        domain,
        routes: n,
        confirmed: n,
        overMerged: 0,
        underMerged: 0,
        differs: 0,
        byRoute,
      } satisfies TraceAgreement);
    }),
  ];
}
