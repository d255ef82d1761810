// Discovery sources: storing them (keys sealed, files gzipped) and syncing them
// through @argus/connectors' syncSource, then merging the result into the domain.
import { createReadStream } from 'node:fs';
import { buffer } from 'node:stream/consumers';
import { createGzip } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { SourceConfig } from '@argus/connectors';
import type { DiscoverySource } from '@argus/api';
import type { Analyzer } from './analysis/analysis-queue.js';
import { readSourceOffThread, type SourceFile } from './analysis/source-reader.js';
import type { AppContext } from './context.js';
import { discoverySources, domains } from './db/schema/index.js';
import { errorReason, userMessageOf } from './errors.js';
import { maskSecret } from './secrets.js';
import { readSourceFile } from './source-files.js';

export type SourceRow = typeof discoverySources.$inferSelect;

export function toDiscoverySource(row: SourceRow): DiscoverySource {
  const c = row.config;
  return {
    id: row.id,
    domainId: row.domainId,
    type: row.type,
    name: row.name,
    isActive: row.isActive,
    lastSync: row.lastSync ? row.lastSync.toISOString() : null,
    endpointsDiscovered: row.endpointsDiscovered,
    syncStatus: row.syncStatus,
    lastError: row.lastError,
    config: {
      url: c.url ?? null,
      format: c.format ?? null,
      provider: c.provider ?? null,
      apiKey: row.apiKeySealed ? maskSecret(c.apiKeyHint ?? '') : null,
      region: c.region ?? null,
      fileName: c.fileName ?? null,
      lineCount: c.lineCount ?? null,
      rejectedLines: c.rejectedLines ?? null,
      rejectedSamples: c.rejectedSamples ?? null,
      ...(c.har ? { har: true } : {}),
    },
  };
}

/** Rejected lines a source card shows (line number, reason, the start of the line). */
const REJECTED_SAMPLES = 5;

/** Compresses an uploaded file as it is read, in libuv's thread pool: gzipSync of a 95 MB log held the event loop for seconds. */
export const compressFile = (path: string) => buffer(createReadStream(path).pipe(createGzip({ level: 6 })));

export interface SyncOutcome {
  row: SourceRow;
  newEndpoints: number;
  ok: boolean;
  /** A scan left the source alone: its first read, by the request that added it, is under way. */
  firstReadPending?: true;
}

/**
 * How long after a source is added a scan leaves it to its first read. The
 * request that adds a source reads it (an upload from its spooled file, stored
 * in the database only after that read); a scan reading it meanwhile found no
 * file, marked it failed and, for a log, would count its requests twice. A
 * source still unread after this (its server stopped mid-upload) is read by scans.
 */
export const FIRST_READ_GRACE_MS = 30 * 60_000;

/**
 * Sync one stored source: `sync` is the first read, by the request that adds it; `scan` any later one. Access-log files are read once (on creation): reading
 * the same file again would count its requests twice. Spec files, spec URLs and
 * gateways are read on every sync (declared endpoints merge idempotently).
 * `upload` is the file just uploaded, read from disk instead of the database.
 */
export async function syncStoredSource(
  ctx: AppContext,
  analyzer: Analyzer,
  sourceId: string,
  trigger: 'sync' | 'scan',
  upload?: { path: string },
): Promise<SyncOutcome | null> {
  const [found] = await ctx.db
    .select({ source: discoverySources, domain: domains.name })
    .from(discoverySources)
    .innerJoin(domains, eq(domains.id, discoverySources.domainId))
    .where(eq(discoverySources.id, sourceId));
  if (!found) return null;
  const { source, domain } = found;
  const firstSync = source.lastSync === null && source.syncStatus === 'pending';
  if (trigger === 'scan' && firstSync && Date.now() - source.createdAt.getTime() < FIRST_READ_GRACE_MS)
    return { row: source, newEndpoints: 0, ok: false, firstReadPending: true };
  // Traffic (a log, a HAR capture) is read once: reading it again would count its requests twice.
  const traffic = source.type === 'access_log' || source.config.har === true;
  if (traffic && !firstSync && source.syncStatus === 'ok') {
    const [row] = await ctx.db
      .update(discoverySources)
      .set({ lastSync: new Date() })
      .where(eq(discoverySources.id, source.id))
      .returning();
    return { row: row ?? source, newEndpoints: 0, ok: true };
  }
  const settings = await ctx.getSettings();
  try {
    const config: SourceConfig = {
      type: source.type,
      url: source.config.url ?? null,
      format: source.config.format ?? null,
      provider: source.config.provider ?? null,
      region: source.config.region ?? null,
      apiKey: source.apiKeySealed ? ctx.secrets.open(source.apiKeySealed) : null,
    };
    const stored = upload ? undefined : await readSourceFile(ctx.db, source.id);
    const file: SourceFile | undefined = upload ?? (stored && { gzip: stored });
    const { result, readAs } = await readSourceOffThread({
      config,
      ...(file ? { file } : {}),
      domain,
      allowPrivate: ctx.config.allowPrivateUrls,
      timeoutMs: settings.requestTimeoutSeconds * 1000,
    });
    const har = readAs === 'har';
    const analysed = await analyzer.analyse(
      domain,
      source.type === 'access_log' || har
        ? { trigger: 'sync', aggregates: result.endpoints, traffic: result.traffic }
        : { trigger: 'sync', specEndpoints: result.specEndpoints },
    );
    const lineCount = result.stats ? result.stats.linesRead : (source.config.lineCount ?? null);
    const rejected = result.stats
      ? {
          rejectedLines: result.stats.linesRejected,
          rejectedSamples: result.stats.rejected.slice(0, REJECTED_SAMPLES),
        }
      : {};
    const [row] = await ctx.db
      .update(discoverySources)
      .set({
        lastSync: new Date(),
        endpointsDiscovered: result.endpoints.length,
        syncStatus: 'ok',
        lastError:
          result.warnings.length > 0
            ? `Synced with warnings: ${result.warnings.slice(0, 3).join('; ')}`
            : null,
        config: { ...source.config, lineCount, ...rejected, ...(har ? { har } : {}) },
      })
      .where(eq(discoverySources.id, source.id))
      .returning();
    await ctx.recordActivity({
      title: `Discovery source synced: ${source.name}`,
      description: `${result.endpoints.length} endpoints from ${source.type}${analysed.newEndpoints > 0 ? `, ${analysed.newEndpoints} new` : ''}${trigger === 'scan' ? ' (scan)' : ''}`,
      domainName: domain,
      severity: 'info',
    });
    return { row: row ?? source, newEndpoints: analysed.newEndpoints, ok: true };
  } catch (error) {
    // The reader's own message says what is wrong with the source; a database
    // failure's SQL and values stay in the log.
    const message = userMessageOf(error);
    ctx.logger.warn(
      { sourceId: source.id, type: source.type, reason: errorReason(error) },
      'discovery source sync failed',
    );
    const [row] = await ctx.db
      .update(discoverySources)
      .set({ syncStatus: 'failed', lastError: message.slice(0, 1000) })
      .where(eq(discoverySources.id, source.id))
      .returning();
    await ctx.recordActivity({
      title: `Discovery source sync failed: ${source.name}`,
      description: message,
      domainName: domain,
      severity: 'medium',
    });
    return { row: row ?? source, newEndpoints: 0, ok: false };
  }
}
