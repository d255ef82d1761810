// The active-test template language: YAML documents validated by this schema.
// A template says which endpoints it applies to (`match`), the requests it sends
// (`steps`, each derived from the endpoint's baseline request and mutated), and
// what proves the flaw (`proof`). docs/active-test-templates.md has worked examples.
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { isInternalHost } from '../classify.js';
import { linearRegexProblem } from './linear-regex.js';

/** A user's regular expression: it must run on the linear-time engine (no backtracking features). */
const regex = z.string().superRefine((s, ctx) => {
  const problem = linearRegexProblem(s);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** Status classes: `2xx`, `4xx`, or exact codes. */
const statusSpec = z.union([
  z.enum(['1xx', '2xx', '3xx', '4xx', '5xx']),
  z.number().int().min(100).max(599),
  z.array(z.union([z.enum(['1xx', '2xx', '3xx', '4xx', '5xx']), z.number().int().min(100).max(599)])).min(1),
]);
export type StatusSpec = z.infer<typeof statusSpec>;

export const OWASP_IDS = [
  'API1',
  'API2',
  'API3',
  'API4',
  'API5',
  'API6',
  'API7',
  'API8',
  'API9',
  'API10',
] as const;

/** Which endpoints a test applies to; every given key must hold. */
export const matchSchema = z
  .object({
    /** Upper-case methods. */
    methods: z
      .array(z.string().regex(/^[A-Z]+$/))
      .min(1)
      .optional(),
    /** Regular expression over the path template (`/users/{id}`). */
    path: regex.optional(),
    /** Regular expression the path template must NOT match. */
    notPath: regex.optional(),
    /** A parameter (name by regex) in this place must exist; `type` narrows it. */
    param: z
      .object({
        in: z.enum(['path', 'query', 'body', 'any']).default('any'),
        name: regex.optional(),
        type: z.enum(['id', 'string', 'url', 'email', 'any']).default('any'),
      })
      .optional(),
    /** The endpoint needs credentials (spec security or observed auth), or does not. */
    auth: z.enum(['required', 'none', 'any']).default('any'),
    /** The endpoint's baseline answer carries ids / personal data (from the spec or observed answers). */
    response: z.enum(['ids', 'pii', 'any']).default('any'),
    /** A GraphQL endpoint itself, one GraphQL operation sent to it, or neither (REST). */
    graphql: z.enum(['endpoint', 'operation', 'none', 'any']).default('any'),
  })
  .strict();

/** How a step changes the request it starts from. */
export const mutateSchema = z
  .object({
    method: z
      .string()
      .regex(/^[A-Z]+$/)
      .optional(),
    /** Path parameters to set (`{{B.id}}`, `{{payload}}`, …). */
    pathParams: z.record(z.string(), z.string()).optional(),
    /** Rewrite the path: regex `from` → `to` (`$1` groups). */
    pathRewrite: z.object({ from: regex, to: z.string() }).strict().optional(),
    /** Append to the path (`/..`, `.json`). */
    pathSuffix: z.string().optional(),
    query: z.record(z.string(), z.string()).optional(),
    /** JSON body fields to set or add (values are JSON; strings are templated). */
    body: z.record(z.string(), z.unknown()).optional(),
    /** Raw body text sent instead of JSON (malformed input). */
    rawBody: z.string().optional(),
    headers: z.record(z.string(), z.string()).optional(),
    removeHeaders: z.array(z.string()).optional(),
    /**
     * Set every string body field that carries no identity's value (not an object key, e-mail or URL) to
     * one fresh marker each, recorded for `echoes` (a write whose effect a read-back shows).
     */
    markStrings: z.boolean().optional(),
    /**
     * How the step's identity is presented: `none` strips credentials; `garbage` sends a random token;
     * `jwt-alg-none` re-signs the identity's JWT with alg none; `jwt-weak-secret` re-signs it with a
     * cracked weak secret; `jwt-tampered` changes its claims keeping the old signature; `jwt-expired`
     * sends it expired (signed with the cracked secret when there is one); `token-in-query` moves the token
     * to `?access_token=`.
     */
    auth: z
      .enum([
        'none',
        'garbage',
        'jwt-alg-none',
        'jwt-weak-secret',
        'jwt-tampered',
        'jwt-expired',
        'token-in-query',
      ])
      .optional(),
  })
  .strict();
export type Mutation = z.infer<typeof mutateSchema>;

/** Send one request per value, placed into parameters of the request. */
export const injectSchema = z
  .object({
    in: z.enum(['path', 'query', 'body', 'any']).default('any'),
    /** Regex on the parameter name; every parameter of that place when absent. */
    name: regex.optional(),
    /** Parameter types to inject into. */
    type: z.enum(['id', 'string', 'url', 'email', 'any']).default('any'),
    values: z.array(z.string()).min(1).max(100),
    /** `replace` the value (default) or `append` to the baseline value. */
    mode: z.enum(['replace', 'append']).default('replace'),
  })
  .strict();

export const stepSchema = z
  .object({
    /** Referenced by later steps and proofs. */
    name: z.string().regex(/^[a-z][a-z0-9_-]*$/),
    /** Identity slot: A (owner), B (another identity), admin, or none (no credentials). */
    as: z.enum(['A', 'B', 'admin', 'none']).default('A'),
    /** The baseline is filled with this identity's own values (its object keys) instead of the sender's. */
    valuesOf: z.enum(['A', 'B', 'admin']).optional(),
    /** Start from the endpoint's baseline (default), or repeat an earlier step's request. */
    from: z.string().default('baseline'),
    /** Request the step sends instead: a method and a templated path (`{{path}}/{{create.id}}`). */
    request: z
      .object({ method: z.string().regex(/^[A-Z]+$/), path: z.string() })
      .strict()
      .optional(),
    mutate: mutateSchema.optional(),
    inject: injectSchema.optional(),
    /** Send the request N times (rate limits). */
    repeat: z.number().int().min(1).max(200).optional(),
    /** Values to read from the JSON answer (`id`, `data.items[0].id`) for later steps as `{{step.name}}`. */
    extract: z.record(z.string(), z.string()).optional(),
    /** A precondition: when the answer does not meet it the test could not run (not a finding). */
    expect: z.object({ status: statusSpec }).strict().optional(),
    /** Runs after the proof whatever the outcome (clean-up); its failure changes nothing. */
    cleanup: z.boolean().default(false),
  })
  .strict();
export type StepTemplate = z.infer<typeof stepSchema>;

/** One condition on an answer of a step (default: the last non-cleanup step). */
export const conditionSchema = z
  .object({
    step: z.string().optional(),
    status: statusSpec.optional(),
    /** Regex the body must match (and the baseline answer must not when `newInAttack`). */
    body: regex.optional(),
    /** Regex the body must not match. */
    notBody: regex.optional(),
    /** The body matches `body` while this step's answer did not (errors that payloads caused). */
    notIn: z.string().optional(),
    /** Header (lower-case) must be absent. */
    headerMissing: z.string().optional(),
    /** Header value must match: `{name: regex}`. */
    header: z.record(z.string(), regex).optional(),
    /** A value of identity A's answer in step `ownerStep` (and absent from identity B's own answer in `ownStep`) appears here. */
    leaks: z.object({ ownerStep: z.string(), ownStep: z.string().optional() }).strict().optional(),
    /** This answer carries each body field that step `of` (default: this one) set, with its value. */
    echoes: z.object({ of: z.string().optional() }).strict().optional(),
    /** Answered at least `ms` slower than step `than`. */
    slower: z
      .object({ than: z.string(), ms: z.number().int().min(100) })
      .strict()
      .optional(),
    /** The answer differs from step `differsFrom`'s (status, or body once each request's own values are left out). */
    differsFrom: z.string().optional(),
    /** The answer is the same as step `sameAs`'s (status and body, values each request sent left out). */
    sameAs: z.string().optional(),
    /** Every repeated answer of the step had the first one's status, none 429 or carrying Retry-After / RateLimit headers. */
    steady: z.boolean().optional(),
    /** None of the step's repeated answers had this status (e.g. 429). */
    neverStatus: z.number().int().min(100).max(599).optional(),
    /**
     * An injected value took at least `factor`× and `ms` longer than the first one. Judged after each
     * value, so list growing values: the step stops at the first that proves it.
     */
    timeGrowth: z
      .object({ factor: z.number().min(1), ms: z.number().int().min(100) })
      .strict()
      .optional(),
    /** The canary listener received a request carrying this step's token. */
    canaryHit: z.boolean().optional(),
  })
  .strict();
export type Condition = z.infer<typeof conditionSchema>;

/**
 * Internal hosts a value points at: URL hosts and IP literals that are loopback, private, link-local
 * (cloud metadata) or internal names. SSRF tests point at the run's canary (`{{canary}}`), never there.
 */
export function internalTargets(value: string): string[] {
  const out: string[] = [];
  for (const m of value.matchAll(/[a-z][a-z0-9+.-]*:\/\/(?:[^/@\s'"]*@)?(\[[^\]]+\]|[^/:?#\s'"]+)/gi)) {
    const host = m[1]!;
    if (!host.includes('{{') && isInternalHost(host)) out.push(host);
  }
  for (const m of value.matchAll(/(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\d.])/g))
    if (ipaddr.isValid(m[0]) && isInternalHost(m[0]) && !out.includes(m[0])) out.push(m[0]);
  return out;
}

/** Every string a step sends of its own (values, headers, body fields, paths). */
function stepStrings(step: StepTemplate): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk([step.request?.path, step.inject?.values, step.mutate]);
  return out;
}

export const templateSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{2,79}$/, 'ids are lower-case words joined by dashes'),
    title: z.string().min(3).max(200),
    owasp: z.enum(OWASP_IDS),
    severity: z.enum(['critical', 'high', 'medium', 'low']),
    description: z.string().min(10),
    remediation: z.string().min(10),
    references: z.array(z.url()).min(1),
    /** The weakness (`CWE-89`); default: the OWASP category's usual one. */
    cwe: z
      .string()
      .regex(/^CWE-\d{1,5}$/)
      .optional(),
    /** CVSS 3.1 base vector; default: the OWASP category's. */
    cvss: z
      .string()
      .regex(
        /^CVSS:3\.1\/AV:[NALP]\/AC:[LH]\/PR:[NLH]\/UI:[NR]\/S:[UC]\/C:[HLN]\/I:[HLN]\/A:[HLN]$/,
        'a CVSS 3.1 base vector (CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H)',
      )
      .optional(),
    /** Changes state or sends many requests: runs only with the test-environment confirmation. */
    intrusive: z.boolean().default(false),
    /** What the test needs beyond the endpoint: identities A and B (B is never an admin), an admin identity, the SSRF canary. */
    needs: z.array(z.enum(['A', 'B', 'admin', 'canary'])).default([]),
    /** Run once per run (not per endpoint): headers, CORS on the first matching endpoint. */
    once: z.boolean().default(false),
    match: matchSchema.default({ auth: 'any', response: 'any', graphql: 'any' }),
    steps: z.array(stepSchema).min(1).max(10),
    /** Every condition must hold for one answer set: the flaw is confirmed. */
    proof: z.array(conditionSchema).min(1),
  })
  .strict()
  .superRefine((t, ctx) => {
    const names = new Set<string>(['baseline']);
    for (const [i, step] of t.steps.entries()) {
      if (step.from !== 'baseline' && !names.has(step.from))
        ctx.addIssue({
          code: 'custom',
          path: ['steps', i],
          message: `from: no earlier step "${step.from}"`,
        });
      if (names.has(step.name))
        ctx.addIssue({ code: 'custom', path: ['steps', i, 'name'], message: `step "${step.name}" twice` });
      names.add(step.name);
      const internal = stepStrings(step).flatMap(internalTargets);
      if (internal.length > 0)
        ctx.addIssue({
          code: 'custom',
          path: ['steps', i],
          message: `points at an internal address (${internal[0]}): SSRF tests use {{canary}}, never internal addresses`,
        });
    }
    for (const [i, c] of t.proof.entries()) {
      for (const ref of [
        c.step,
        c.notIn,
        c.differsFrom,
        c.sameAs,
        c.leaks?.ownerStep,
        c.leaks?.ownStep,
        c.slower?.than,
        c.echoes?.of,
      ])
        if (ref !== undefined && !names.has(ref))
          ctx.addIssue({ code: 'custom', path: ['proof', i], message: `no step "${ref}"` });
    }
  });

export type ActiveTestTemplate = z.infer<typeof templateSchema>;
