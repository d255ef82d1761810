// How discovery agrees with a domain's own traces (issue 45): for every endpoint whose
// template a trace's `http.route` declared, what the templater learns from the same
// raw paths without the routes.
import { z } from 'zod';

export const AGREEMENT_VERDICTS = ['confirmed', 'over-merged', 'under-merged', 'differs'] as const;
export type AgreementVerdict = (typeof AGREEMENT_VERDICTS)[number];

const counted = z.number().int().nonnegative();

export const routeAgreementSchema = z.object({
  method: z.string(),
  /** The route the traces declared: the endpoint's template. */
  route: z.string(),
  verdict: z.enum(AGREEMENT_VERDICTS),
  /** What discovery alone learned for the route's paths, most samples first. */
  learned: z.array(z.string()),
  /** Other routes a learned template joined with this one. */
  joinedWith: z.array(z.string()),
  example: z.string().nullable(),
});

export const traceAgreementSchema = z.object({
  domain: z.string(),
  routes: counted,
  confirmed: counted,
  overMerged: counted,
  underMerged: counted,
  differs: counted,
  byRoute: z.array(routeAgreementSchema),
});

export type RouteAgreement = z.infer<typeof routeAgreementSchema>;
export type TraceAgreement = z.infer<typeof traceAgreementSchema>;
