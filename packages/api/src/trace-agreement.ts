// What a domain's own traces and principals tell (issue 45): for every endpoint whose
// template a trace's `http.route` declared, what the templater learns from the same
// raw paths without the routes; and the objects one principal used after another.
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

const principalRequestSchema = z.object({
  method: z.string(),
  path: z.string(),
  at: z.number().nullable(),
});

/** One principal used an object of the endpoint's template after another principal had. */
export const bolaCandidateSchema = z.object({
  /** The template's parameters naming the object, with their values. */
  object: z.record(z.string(), z.string()),
  owner: z.string(),
  other: z.string(),
  first: principalRequestSchema,
  then: principalRequestSchema,
});
export type BolaCandidate = z.infer<typeof bolaCandidateSchema>;
