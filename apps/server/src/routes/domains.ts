// Domains, their scans and their discovery sources.
import { asc, eq, sql } from 'drizzle-orm';
import { assertPublicUrl } from '@argus/connectors';
import {
  discoverySourceCreateSchema,
  discoverySourceListSchema,
  discoverySourceSchema,
  discoverySourceUpdateSchema,
  domainCreateSchema,
  domainListSchema,
  domainScanResultSchema,
  domainSchema,
  MAX_UPLOAD_BYTES,
  normalizeDomainName,
  paths,
  scanAllResultSchema,
} from '@argus/api';
import { z } from 'zod';
import type { Analyzer } from '../analysis/analysis-queue.js';
import type { UpstreamCache } from '../capture/record.js';
import { actorOf, audit } from '../audit.js';
import { allow } from '../auth.js';
import type { AppContext } from '../context.js';
import { discoverySources, domains, domainStats, type StoredSourceConfig } from '../db/schema/index.js';
import { HttpError, notFound, requireId, ValidationError } from '../errors.js';
import { removeSampleDomain, scanAllDomains, scanDomain } from '../scans.js';
import { storeSourceFile } from '../source-files.js';
import { compressFile, syncStoredSource, toDiscoverySource } from '../sources.js';
import { uploadSpool, type SpooledUpload } from '../upload-spool.js';
import { idParams, optionalBody, routesPlugin } from '../zod-provider.js';

/** JSON escaping can grow file text; the content itself is checked against MAX_UPLOAD_BYTES. */
const SOURCE_BODY_LIMIT = Math.ceil(MAX_UPLOAD_BYTES * 1.5);

const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

async function checkUrl(ctx: AppContext, url: string | undefined, field: string): Promise<void> {
  if (!url) return;
  try {
    await assertPublicUrl(url, { allowPrivate: ctx.config.allowPrivateUrls });
  } catch (error) {
    throw new ValidationError([{ path: field, message: (error as Error).message }]);
  }
}

interface RouteDeps {
  ctx: AppContext;
  analyzer: Analyzer;
  /** Told about a domain's upstream as soon as the domain is created here. */
  upstreams: UpstreamCache;
}

const nameParams = z.object({ name: z.string() });
const domainIdParams = z.object({ domainId: z.string() });

export const domainRoutes = routesPlugin('argus-domains', async (app, deps: RouteDeps) => {
  const { ctx, analyzer } = deps;
  const { db } = ctx;
  const uploads = uploadSpool(ctx.config.dataDir);

  const domainColumns = {
    id: domains.id,
    name: domains.name,
    description: domains.description,
    upstreamUrl: domains.upstreamUrl,
    traffic: domains.traffic,
    updatedAt: domains.updatedAt,
    numEndpoints: sql<number>`coalesce(${domainStats.endpoints}, 0)`.mapWith(Number),
    numRisky: sql<number>`coalesce(${domainStats.highRisk}, 0)`.mapWith(Number),
    avgRisk:
      sql<number>`case when coalesce(${domainStats.endpoints}, 0) = 0 then 0 else ${domainStats.riskSum} / ${domainStats.endpoints} end`.mapWith(
        Number,
      ),
    publicPct:
      sql<number>`case when coalesce(${domainStats.endpoints}, 0) = 0 then 0 else 100.0 * ${domainStats.public} / ${domainStats.endpoints} end`.mapWith(
        Number,
      ),
  };
  type DomainRow = {
    id: string;
    name: string;
    description: string | null;
    upstreamUrl: string | null;
    traffic: (typeof domains.$inferSelect)['traffic'];
    updatedAt: Date;
    numEndpoints: number;
    numRisky: number;
    avgRisk: number;
    publicPct: number;
  };
  const toDomain = (r: DomainRow) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    numEndpoints: r.numEndpoints,
    numRiskyEndpoints: r.numRisky,
    avgRiskScore: Math.round(r.avgRisk * 10) / 10,
    publicPct: Math.round(r.publicPct * 10) / 10,
    lastUpdated: r.updatedAt.toISOString(),
    upstreamUrl: r.upstreamUrl,
    traffic: r.traffic && {
      ...r.traffic,
      attack: {
        ...r.traffic.attack,
        firstSeen: isoOrNull(r.traffic.attack.firstSeen),
        lastSeen: isoOrNull(r.traffic.attack.lastSeen),
      },
    },
  });
  const selectDomains = () =>
    db.select(domainColumns).from(domains).leftJoin(domainStats, eq(domainStats.domainId, domains.id));

  async function domainNameOf(id: string): Promise<string | null> {
    const [row] = await db.select({ name: domains.name }).from(domains).where(eq(domains.id, id));
    return row?.name ?? null;
  }

  async function findDomain(id: string) {
    const [row] = await db
      .select()
      .from(domains)
      .where(eq(domains.id, requireId(id, 'Domain')));
    if (!row) throw notFound('Domain');
    return row;
  }

  // Waits (bounded) for captures acknowledged before the read to be analysed.
  const list = allow('viewer', { response: { 200: domainListSchema } });
  app.get(paths.domains(), { ...list, preHandler: () => analyzer.catchUp() }, async () => {
    const rows = await selectDomains().orderBy(asc(domains.name));
    return rows.map(toDomain);
  });

  const create = { body: domainCreateSchema, response: { 201: domainSchema } };
  app.post(paths.domains(), allow('admin', create), async (request, reply) => {
    const body = request.body;
    const upstreamUrl = body.upstreamUrl ? body.upstreamUrl : null;
    await checkUrl(ctx, upstreamUrl ?? undefined, 'upstreamUrl');
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(domains)
        .values({ name: body.name, description: body.description || null, upstreamUrl })
        .onConflictDoNothing({ target: domains.name })
        .returning({ id: domains.id });
      if (!row) throw new HttpError(409, `Domain ${body.name} already exists`);
      await audit(tx, actorOf(request), {
        action: 'domain.create',
        targetType: 'domain',
        targetId: row.id,
        summary: `Added domain ${body.name}${upstreamUrl ? ` forwarding to ${new URL(upstreamUrl).host}` : ''}`,
      });
      return row;
    });
    deps.upstreams.set(body.name, upstreamUrl);
    await ctx.recordActivity({
      title: `Domain added: ${body.name}`,
      description: body.description || null,
      domainName: body.name,
      severity: 'info',
    });
    const [row] = await selectDomains().where(eq(domains.id, created.id));
    return reply.code(201).send(toDomain(row!));
  });

  const scan = { params: nameParams, response: { 200: domainScanResultSchema } };
  app.post('/api/v1/domains/:name/scan', allow('analyst', scan), async (request) => {
    const name = normalizeDomainName(request.params.name).toLowerCase();
    const [domain] = await db
      .select({ id: domains.id, name: domains.name })
      .from(domains)
      .where(eq(domains.name, name));
    if (!domain) throw notFound(`Domain ${name.slice(0, 253)}`);
    const outcome = await scanDomain(ctx, analyzer, domain);
    return outcome;
  });

  // Run Scan: every domain with active sources (the sample domain never).
  app.post(paths.scanAll(), allow('analyst', { response: { 200: scanAllResultSchema } }), () =>
    scanAllDomains(ctx, analyzer),
  );

  // One click removes Run Scan's sample domain and all it produced.
  app.delete(paths.sampleDomain(), allow('analyst'), async (request, reply) => {
    await removeSampleDomain(ctx, analyzer, actorOf(request));
    return reply.code(204).send();
  });

  app.get(
    '/api/v1/domains/:domainId/discovery-sources',
    allow('viewer', { params: domainIdParams, response: { 200: discoverySourceListSchema } }),
    async (request) => {
      const domain = await findDomain(request.params.domainId);
      const rows = await db
        .select()
        .from(discoverySources)
        .where(eq(discoverySources.domainId, domain.id))
        .orderBy(asc(discoverySources.createdAt), asc(discoverySources.id));
      return rows.map(toDiscoverySource);
    },
  );

  // The file arrives streamed to disk (its size checked as it comes); the body
  // validated here holds its start in config.fileContent.
  const createSource = {
    params: domainIdParams,
    body: discoverySourceCreateSchema,
    response: { 201: discoverySourceSchema },
  };
  app.post(
    '/api/v1/domains/:domainId/discovery-sources',
    {
      ...allow('admin', createSource),
      bodyLimit: SOURCE_BODY_LIMIT,
      preParsing: uploads.preParsing,
      onResponse: uploads.onResponse,
    },
    async (request, reply) => {
      const domain = await findDomain(request.params.domainId);
      const body = request.body;
      const upload = uploads.take(request);
      const config: StoredSourceConfig = {};
      // The uploaded file, on disk; the body's fileContent holds only its start.
      let file: SpooledUpload | undefined;
      let apiKeySealed: string | null = null;
      if (body.type === 'access_log') {
        config.format = body.config.format;
        config.fileName = body.config.fileName ?? null;
        // Counted once, by the reader (its linesRead), when the source is read.
        config.lineCount = null;
        file = upload;
      } else if (body.type === 'api_gateway') {
        await checkUrl(ctx, body.config.url, 'config.url');
        config.provider = body.config.provider;
        config.url = body.config.url;
        config.region = body.config.region || null;
        config.apiKeyHint = body.config.apiKey.slice(-4);
        apiKeySealed = ctx.secrets.seal(body.config.apiKey);
      } else {
        const url = body.config.url || undefined;
        file = body.config.fileContent?.trim() ? upload : undefined;
        if (!url && !file) {
          throw new ValidationError([
            { path: 'config.url', message: 'Enter a spec URL or upload a .json, .yaml or .yml file' },
          ]);
        }
        await checkUrl(ctx, url, 'config.url');
        config.url = url ?? null;
        config.fileName = body.config.fileName ?? null;
      }
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(discoverySources)
          .values({ domainId: domain.id, type: body.type, name: body.name, config, apiKeySealed })
          .returning();
        await audit(tx, actorOf(request), {
          action: 'source.create',
          targetType: 'source',
          targetId: row!.id,
          summary: `Added ${body.type} source ${body.name} to ${domain.name}${apiKeySealed ? ' (with an API key)' : ''}`,
        });
        return row!;
      });
      await ctx.recordActivity({
        title: `Discovery source added: ${body.name}`,
        description: `${body.type} source for ${domain.name}`,
        domainName: domain.name,
        severity: 'info',
      });
      // Read once, from disk, while it is compressed for later re-syncs; stored after it was read.
      const [outcome, compressed] = await Promise.all([
        syncStoredSource(ctx, analyzer, created.id, 'sync', file),
        file && compressFile(file.path),
      ]);
      if (file && compressed) await storeSourceFile(db, created.id, compressed, file.bytes);
      return reply.code(201).send(toDiscoverySource(outcome?.row ?? created));
    },
  );

  const update = {
    params: idParams,
    body: optionalBody(discoverySourceUpdateSchema),
    response: { 200: discoverySourceSchema },
  };
  app.patch('/api/v1/discovery-sources/:id', allow('admin', update), async (request) => {
    const id = requireId(request.params.id, 'Discovery source');
    const body = request.body;
    const changes = {
      ...(body.isActive !== undefined ? { isActive: body.isActive } : {}),
      ...(body.name ? { name: body.name } : {}),
    };
    if (Object.keys(changes).length === 0)
      throw new ValidationError([{ path: '', message: 'Nothing to update: send name or isActive' }]);
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(discoverySources)
        .set(changes)
        .where(eq(discoverySources.id, id))
        .returning();
      if (!updated) throw notFound('Discovery source');
      await audit(tx, actorOf(request), {
        action: 'source.update',
        targetType: 'source',
        targetId: id,
        summary: `Updated source ${updated.name}${body.isActive === undefined ? '' : body.isActive ? ' (activated)' : ' (deactivated)'}`,
      });
      return updated;
    });
    const domainName = await domainNameOf(row.domainId);
    await ctx.recordActivity({
      title: `Discovery source updated: ${row.name}`,
      description: body.isActive === undefined ? null : body.isActive ? 'activated' : 'deactivated',
      domainName,
      severity: 'info',
    });
    return toDiscoverySource(row);
  });

  app.delete(
    '/api/v1/discovery-sources/:id',
    allow('admin', { params: idParams }),
    async (request, reply) => {
      const id = requireId(request.params.id, 'Discovery source');
      const row = await db.transaction(async (tx) => {
        const [deleted] = await tx.delete(discoverySources).where(eq(discoverySources.id, id)).returning({
          name: discoverySources.name,
          domainId: discoverySources.domainId,
          type: discoverySources.type,
        });
        if (!deleted) throw notFound('Discovery source');
        await audit(tx, actorOf(request), {
          action: 'source.delete',
          targetType: 'source',
          targetId: id,
          summary: `Removed ${deleted.type} source ${deleted.name}`,
        });
        return deleted;
      });
      const domainName = await domainNameOf(row.domainId);
      await ctx.recordActivity({
        title: `Discovery source removed: ${row.name}`,
        description: `${row.type} source; the endpoints it found stay in the inventory`,
        domainName,
        severity: 'info',
      });
      return reply.code(204).send();
    },
  );
});
