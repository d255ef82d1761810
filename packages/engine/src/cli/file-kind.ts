// What a file is, from its structure rather than its first few kilobytes: the
// top-level keys of a JSON document (however late `"openapi"` comes), the
// column-0 keys of a YAML document, else an access log.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { extname } from 'node:path';

export type InputFormat = 'auto' | 'openapi' | 'apache' | 'nginx' | 'aws' | 'har';
export type FileKind = 'openapi' | 'har' | 'log';

const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \
const COMMA = 0x2c; // ,
const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACE = 0x7d; // }
const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACKET = 0x5d; // ]
/** Keys that settle what a document is: no need to read further. */
const DECISIVE = new Set(['openapi', 'swagger', 'log']);
/** Top-level keys longer than this are kept cut (none of the keys looked for is longer). */
const MAX_KEY = 64;

/** The first `bytes` of a file as text. */
export async function sniff(path: string, bytes = 4096): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    return buf.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * The keys of the first JSON value's top-level object, read as the file streams
 * and stopping where that value ends or at a key that settles the kind: a whole
 * document (a 4 MB spec whose `"openapi"` comes last is scanned in full), or the
 * first line of a JSON-lines log.
 */
export async function topLevelJsonKeys(path: string): Promise<Set<string>> {
  const keys = new Set<string>();
  let depth = 0;
  let inString = false;
  let escaped = false;
  let expectKey = false;
  let key: string | null = null;
  for await (const chunk of createReadStream(path, {
    encoding: 'utf8',
    highWaterMark: 1 << 20,
  }) as AsyncIterable<string>) {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) {
          inString = false;
          if (key !== null) {
            keys.add(key);
            if (DECISIVE.has(key)) return keys;
          }
          key = null;
        } else if (key !== null && key.length < MAX_KEY) key += chunk[i];
        continue;
      }
      if (c === QUOTE) {
        inString = true;
        if (depth === 1 && expectKey) key = '';
        expectKey = false;
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        depth++;
        expectKey = depth === 1 && c === OPEN_BRACE;
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        if (--depth <= 0) return keys;
      } else if (c === COMMA && depth === 1) expectKey = true;
    }
  }
  return keys;
}

/** Whether a YAML document has `openapi:` or `swagger:` among its column-0 keys. */
async function yamlDeclaresOpenApi(path: string): Promise<boolean> {
  let carry = '';
  for await (const chunk of createReadStream(path, {
    encoding: 'utf8',
    highWaterMark: 1 << 20,
  }) as AsyncIterable<string>) {
    const text = carry + chunk;
    if (/(^|\n)["']?(openapi|swagger)["']?\s*:/.test(text)) return true;
    carry = text.slice(text.lastIndexOf('\n'));
  }
  return false;
}

/** A first line that is a YAML mapping key (`openapi: 3.0.0`, `info:`), not a log line. */
const YAML_KEY_LINE = /^(---\s*$|#|["']?[A-Za-z_$][\w$.-]*["']?\s*:(\s|$))/;

/** What a file is: by --format, else by extension and its structure. */
export async function kindOf(path: string, format: InputFormat): Promise<FileKind> {
  if (format === 'openapi' || format === 'har') return format;
  if (format !== 'auto') return 'log';
  const ext = extname(path).toLowerCase();
  if (ext === '.har') return 'har';
  const head = (await sniff(path)).replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('{')) {
    const keys = await topLevelJsonKeys(path);
    if (keys.has('openapi') || keys.has('swagger')) return 'openapi';
    if (keys.has('log')) return 'har';
    return 'log';
  }
  if (ext === '.yaml' || ext === '.yml') return 'openapi';
  const firstLine = head.slice(0, head.indexOf('\n') >>> 0);
  if (YAML_KEY_LINE.test(firstLine) && (await yamlDeclaresOpenApi(path))) return 'openapi';
  return 'log';
}
