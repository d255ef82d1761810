// What the runner needs to know of a stored endpoint, from the engine's
// aggregate: its path template, whether it expects credentials, its parameters
// (declared or observed, with an observed value as example) and whether its
// answers carry ids or personal data. Baseline values for path parameters come
// from a raw path seen in traffic; the identities' own values override them.
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { and, eq, inArray } from 'drizzle-orm';
import {
  activeEndpointsFromOpenApi,
  type ActiveEndpoint,
  type ActiveParam,
  type EndpointAggregate,
} from '@argus/engine';
import type { Db } from '../db/client.js';
import { discoverySources, sourceFiles } from '../db/schema/index.js';
import { readSourceFile } from '../source-files.js';

const gunzipAsync = promisify(gunzip);

/** Values of the template's parameters in a raw path that maps to it, or null. */
export function pathValues(template: string, rawPath: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (name) {
        names.push(name);
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  const match = new RegExp(`^${pattern}$`).exec(rawPath.split('?')[0] ?? '');
  if (!match) return null;
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
}

const ID_FIELD = /"(id|[a-z]+_?[iI]d|uuid)"\s*:/;

export function activeEndpointOf(agg: EndpointAggregate): ActiveEndpoint {
  const params: ActiveParam[] = [];
  for (const p of agg.spec?.parameters ?? []) {
    if (p.in === 'path' || p.in === 'query') params.push({ name: p.name, in: p.in });
  }
  for (const name of agg.queryParams) params.push({ name, in: 'query' });
  const bodyFields = [...(agg.requestFields ?? []), ...(agg.spec?.requestFields ?? [])].filter(
    (f) => !f.includes('.') && !f.includes('['),
  );
  for (const name of new Set(bodyFields)) params.push({ name, in: 'body' });
  const sample = agg.samplePaths.map((raw) => pathValues(agg.normalizedPath, raw)).find((v) => v !== null);
  const credentialed = Object.keys(agg.auth).some((k) => k !== 'none' && k !== 'unknown');
  const authRequired =
    agg.spec?.security === 'required' || (credentialed && !(agg.auth.none && agg.auth.none > 0))
      ? true
      : agg.spec?.security === 'public' || (agg.auth.none ?? 0) > 0
        ? false
        : undefined;
  const responseHas: ('ids' | 'pii')[] = [];
  if (
    (agg.responseSample && ID_FIELD.test(agg.responseSample)) ||
    agg.spec?.responseFields.some((f) => /(^|\.)(id|\w+Id|\w+_id)$/.test(f))
  )
    responseHas.push('ids');
  if (
    agg.pii.some((p) => p.location.startsWith('response')) ||
    agg.spec?.piiFields.some((p) => p.location === 'spec.response')
  )
    responseHas.push('pii');
  const body = bodyFields.length > 0 ? Object.fromEntries(bodyFields.map((f) => [f, 'argus'])) : undefined;
  return {
    method: agg.method,
    path: agg.normalizedPath,
    ...(authRequired === undefined ? {} : { authRequired }),
    params,
    baseline: {
      ...(sample ? { pathParams: sample } : {}),
      ...(body ? { body, headers: { 'content-type': 'application/json' } } : {}),
    },
    responseHas,
  };
}

function declaredIn(text: string): ActiveEndpoint[] {
  try {
    return activeEndpointsFromOpenApi(text);
  } catch {
    return [];
  }
}

/**
 * Endpoints as an uploaded API description of the domain declares them, with
 * baseline requests built from its examples (better than observed shapes): by
 * `METHOD /path/{template}`. A file that does not parse adds nothing.
 */
export async function declaredEndpoints(db: Db, domainId: string): Promise<Map<string, ActiveEndpoint>> {
  const sources = await db
    .selectDistinct({ id: sourceFiles.sourceId })
    .from(sourceFiles)
    .innerJoin(discoverySources, eq(discoverySources.id, sourceFiles.sourceId))
    .where(
      and(
        eq(discoverySources.domainId, domainId),
        eq(discoverySources.isActive, true),
        inArray(discoverySources.type, ['openapi', 'swagger']),
      ),
    );
  const out = new Map<string, ActiveEndpoint>();
  for (const { id } of sources) {
    const file = await readSourceFile(db, id);
    if (!file) continue;
    const text = (await gunzipAsync(file)).toString('utf8');
    for (const endpoint of declaredIn(text)) out.set(`${endpoint.method} ${endpoint.path}`, endpoint);
  }
  return out;
}
