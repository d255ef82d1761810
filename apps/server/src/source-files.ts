// Uploaded source files, gzip-compressed in `source_files`, in parts of
// PART_BYTES. Sent to and read from the database as base64 text, decoded by
// the database: PGlite encodes a Buffer parameter byte by byte on the event
// loop (3 MB: 1.5 s to store, 0.9 s to read back; as base64 80 ms and 70 ms).
// PGlite also writes each value on the event loop: a 95 MB log's 9.4 MB gzip
// stored as one value held it 5 s at load 28, so it is written a part at a
// time, yielding between parts.
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from './db/client.js';
import { sourceFiles } from './db/schema/index.js';

/** Compressed bytes per stored part. */
export const PART_BYTES = 512 * 1024;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Store a source's gzip-compressed file, in parts, in one transaction; `bytes` is its uncompressed size. */
export async function storeSourceFile(
  db: Pick<Db, 'transaction'>,
  sourceId: string,
  gzip: Buffer,
  bytes: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (let part = 0; part * PART_BYTES < Math.max(gzip.length, 1); part++) {
      if (part > 0) await yieldToEventLoop();
      const piece = gzip.subarray(part * PART_BYTES, (part + 1) * PART_BYTES);
      await tx
        .insert(sourceFiles)
        .values({ sourceId, part, contentGzip: sql`decode(${piece.toString('base64')}, 'base64')`, bytes });
    }
  });
}

/** A source's gzip-compressed file (its parts joined), or undefined when it has none. */
export async function readSourceFile(db: Pick<Db, 'select'>, sourceId: string): Promise<Buffer | undefined> {
  const parts = await db
    .select({ base64: sql<string>`encode(${sourceFiles.contentGzip}, 'base64')` })
    .from(sourceFiles)
    .where(eq(sourceFiles.sourceId, sourceId))
    .orderBy(asc(sourceFiles.part));
  // PostgreSQL breaks base64 into lines; Buffer.from skips the line breaks.
  return parts.length > 0 ? Buffer.concat(parts.map((p) => Buffer.from(p.base64, 'base64'))) : undefined;
}
