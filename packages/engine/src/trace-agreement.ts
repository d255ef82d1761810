// How well discovery reads a domain's traffic, judged by the domain's own traces: a
// trace's `http.route` is the template the framework matched, so for every endpoint
// whose template came from a trace, the templater is run again on the same raw paths
// (their samples) without the routes, and what it learns is set against the routes.
// A route is confirmed when its paths all land on one learned template of the same
// shape; over-merged when a learned template joins it with another route; under-merged
// when its paths are spread over several learned templates (or one keeps a literal
// where the route has a parameter).
import { Inventory, endpointKey, type EndpointAggregate } from './inventory.js';

export type AgreementVerdict = 'confirmed' | 'over-merged' | 'under-merged' | 'differs';

export interface RouteAgreement {
  method: string;
  /** The route the traces declared (the endpoint's template). */
  route: string;
  verdict: AgreementVerdict;
  /** What discovery alone learned for the route's paths, most requests first. */
  learned: string[];
  /** Other routes a learned template joined with this one (over-merged). */
  joinedWith: string[];
  /** A raw path of the route, for the example. */
  example: string | null;
}

export interface TraceAgreement {
  domain: string;
  /** Endpoints whose template a trace declared and that kept a raw path to learn from. */
  routes: number;
  confirmed: number;
  overMerged: number;
  underMerged: number;
  differs: number;
  /** Per route, sorted by method and route. */
  byRoute: RouteAgreement[];
}

/** Learned templates compare by shape: parameter names are the templater's guess, not a disagreement. */
const shapeOf = (template: string): string => template.replace(/\{[^}]*\}/g, '{}');
const parameters = (template: string): number => (template.match(/\{[^}]*\}/g) ?? []).length;

/** Requests a sample stands for when the templater learns it again (bounded: weight, not volume). */
const MAX_WEIGHT = 8;

/** The traced endpoints of `aggregates` (one domain's stored rows) against what discovery learns alone. */
export function traceAgreement(domain: string, aggregates: readonly EndpointAggregate[]): TraceAgreement {
  const traced = aggregates.filter((a) => a.tracedRoute === true && a.samplePaths.length > 0);
  const learner = new Inventory({ detectPii: false, classifyTraffic: false });
  for (const agg of traced) {
    const weight = Math.min(MAX_WEIGHT, Math.max(1, Math.round(agg.requestCount / agg.samplePaths.length)));
    for (const path of agg.samplePaths)
      for (let i = 0; i < weight; i++)
        learner.addObservation({
          source: 'capture',
          domain,
          method: agg.method,
          path,
          query: '',
          status: 200,
          scheme: null,
          auth: null,
          requestHeaders: {},
          responseHeaders: {},
          timestamp: null,
        });
  }
  learner.endpoints();
  // Per traced route, the learned templates of its paths; per learned template, the routes it holds.
  const learnedOf = new Map<string, Map<string, number>>();
  const routesOf = new Map<string, Set<string>>();
  for (const agg of traced) {
    const key = endpointKey(domain, agg.method, agg.normalizedPath);
    const counts = new Map<string, number>();
    for (const path of agg.samplePaths) {
      const learned = learner.templateFor(domain, agg.method, path);
      counts.set(learned, (counts.get(learned) ?? 0) + 1);
      const learnedKey = `${agg.method} ${shapeOf(learned)}`;
      const routes = routesOf.get(learnedKey) ?? new Set<string>();
      routes.add(agg.normalizedPath);
      routesOf.set(learnedKey, routes);
    }
    learnedOf.set(key, counts);
  }
  const byRoute = traced.map((agg): RouteAgreement => {
    const counts = learnedOf.get(endpointKey(domain, agg.method, agg.normalizedPath))!;
    const learned = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([t]) => t);
    const joinedWith = [
      ...new Set(learned.flatMap((t) => [...(routesOf.get(`${agg.method} ${shapeOf(t)}`) ?? [])])),
    ]
      .filter((r) => r !== agg.normalizedPath)
      .sort();
    let verdict: AgreementVerdict;
    if (joinedWith.length > 0) verdict = 'over-merged';
    else if (learned.length > 1) verdict = 'under-merged';
    else if (shapeOf(learned[0]!) === shapeOf(agg.normalizedPath)) verdict = 'confirmed';
    else if (parameters(learned[0]!) < parameters(agg.normalizedPath)) verdict = 'under-merged';
    else if (parameters(learned[0]!) > parameters(agg.normalizedPath)) verdict = 'over-merged';
    else verdict = 'differs';
    return {
      method: agg.method,
      route: agg.normalizedPath,
      verdict,
      learned,
      joinedWith,
      example: agg.samplePaths[0] ?? null,
    };
  });
  byRoute.sort((a, b) => a.route.localeCompare(b.route) || a.method.localeCompare(b.method));
  const count = (v: AgreementVerdict) => byRoute.filter((r) => r.verdict === v).length;
  return {
    domain,
    routes: byRoute.length,
    confirmed: count('confirmed'),
    overMerged: count('over-merged'),
    underMerged: count('under-merged'),
    differs: count('differs'),
    byRoute,
  };
}
