// Errors as values with a message a user can act on; the app's error handler
// turns them into `{message}` (and `issues` for validation) answers.
import { DrizzleQueryError } from 'drizzle-orm';
import type { z } from 'zod';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export interface FieldIssue {
  path: string;
  message: string;
}

export class ValidationError extends HttpError {
  constructor(readonly issues: FieldIssue[]) {
    super(400, issues.map((i) => i.message).join('; ') || 'Invalid input');
    this.name = 'ValidationError';
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);

/** A zod error's issues as the 400 answer lists them. */
export function issuesOf(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** Parse with a zod schema or throw a 400 with the schema's messages. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ValidationError(issuesOf(result.error));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else (path traversal, SQL text…) cannot name a row. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export function requireId(value: unknown, what: string): string {
  if (!isUuid(value)) throw notFound(what);
  return value.toLowerCase();
}

/**
 * The error a database driver raised, under drizzle's wrapper: drizzle's own
 * message holds the SQL and every parameter (captured bodies, PII), so it is
 * never logged, stored or shown.
 */
function rootError(error: unknown): unknown {
  return error instanceof DrizzleQueryError && error.cause !== undefined ? error.cause : error;
}

/** The SQLSTATE of a database error (node-postgres and PGlite both set `code`), if it is one. */
export function databaseErrorCode(error: unknown): string | undefined {
  const code = (rootError(error) as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

const REASON_LIMIT = 300;

/**
 * Why something failed, for logs and admins: the driver's message (with its
 * SQLSTATE) rather than drizzle's, cut short; never the SQL nor its parameters.
 */
export function errorReason(error: unknown): string {
  const root = rootError(error);
  if (error instanceof DrizzleQueryError && root === error) return 'database query failed';
  const message = root instanceof Error ? root.message : String(root);
  const code = databaseErrorCode(error);
  const text = code ? `${message} (SQLSTATE ${code})` : message;
  return text.length > REASON_LIMIT ? `${text.slice(0, REASON_LIMIT)}…` : text;
}

/**
 * The logger's `err` serializer: type, reason and stack frames, without what a
 * message may carry (drizzle puts every query parameter in its message).
 */
export function errorForLog(error: unknown): {
  type: string;
  message: string;
  stack: string;
  code?: string;
} {
  const root = rootError(error);
  const message = errorReason(error);
  const code = databaseErrorCode(error);
  const frames = root instanceof Error ? root.stack?.split('\n').filter((l) => /^\s+at /.test(l)) : undefined;
  return {
    type: root instanceof Error ? root.name : typeof root,
    message,
    stack: frames?.join('\n') ?? '',
    ...(code ? { code } : {}),
  };
}

/**
 * What a user is told when storing their input failed: the database's SQL text
 * and values stay in the log. Data errors (SQLSTATE class 22: text the database
 * cannot store, values out of range) are the caller's to correct.
 */
export function userMessageOf(error: unknown): string {
  const code = databaseErrorCode(error);
  if (code?.startsWith('22'))
    return 'The database refused a value it cannot store (text with NUL characters or a value out of range)';
  if (error instanceof DrizzleQueryError || code)
    return 'The database could not store the result; see the server log';
  const message = error instanceof Error ? error.message : String(error);
  return message.length > 1000 ? `${message.slice(0, 1000)}…` : message;
}
