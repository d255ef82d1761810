// Uploaded source files, gzip-compressed in `source_files`. Sent to and read
// from the database as base64 text, decoded by the database: PGlite encodes a
// Buffer parameter byte by byte on the event loop (3 MB: 1.5 s to store, 0.9 s
// to read back; as base64 80 ms and 70 ms), and a 30 MB log stalled /healthz
// 8 s at load 30 while its file was stored.
import { eq, sql } from 'drizzle-orm';
import type { Db } from './db/client.js';
import { sourceFiles } from './db/schema/index.js';

/** Store a source's gzip-compressed file; `bytes` is its uncompressed size. */
export async function storeSourceFile(
  db: Pick<Db, 'insert'>,
  sourceId: string,
  gzip: Buffer,
  bytes: number,
): Promise<void> {
  await db
    .insert(sourceFiles)
    .values({ sourceId, contentGzip: sql`decode(${gzip.toString('base64')}, 'base64')`, bytes });
}

/** A source's gzip-compressed file, or undefined when it has none. */
export async function readSourceFile(db: Pick<Db, 'select'>, sourceId: string): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ base64: sql<string>`encode(${sourceFiles.contentGzip}, 'base64')` })
    .from(sourceFiles)
    .where(eq(sourceFiles.sourceId, sourceId));
  // PostgreSQL breaks base64 into lines; Buffer.from skips the line breaks.
  return row ? Buffer.from(row.base64, 'base64') : undefined;
}
