// Errors as values with a message a user can act on; the app's error handler
// turns them into `{message}` (and `issues` for validation) answers.
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

/** Parse with a zod schema or throw a 400 with the schema's messages. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ValidationError(
    result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  );
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
