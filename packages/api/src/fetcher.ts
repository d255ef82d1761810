// The one way the dashboard talks to the server (spec section 8): credentials
// included, JSON in and out, every non-OK answer an Error "<status>: <text>".
import type { z } from 'zod';

let baseUrl = '';

/** Prefix for every request path; '' in the browser (same origin), an origin in node tests. */
export function setApiBaseUrl(url: string): void {
  baseUrl = url.replace(/\/$/, '');
}
export function apiUrl(path: string): string {
  return `${baseUrl}${path}`;
}

/** A non-OK answer. `message` follows the spec ("404: {body}"); `serverMessage` is the body's `message` when JSON. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  readonly serverMessage: string | undefined;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.serverMessage = readServerMessage(body);
  }
}

function readServerMessage(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message;
    }
  } catch {
    // not JSON: no server message
  }
  return undefined;
}

/** The message to show a person: the server's own words when it sent some, else the error's. */
export function errorMessage(error: unknown, fallback = 'Unknown error'): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export class InvalidResponseError extends Error {
  constructor(path: string, issues: string) {
    super(`Invalid response from ${path}: ${issues}`);
    this.name = 'InvalidResponseError';
  }
}

export interface RequestOptions<S extends z.ZodType | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Parse the JSON answer with this schema; without one the parsed JSON (or null) is returned as unknown. */
  schema?: S;
  /** Treat 401 as an empty result (null) instead of an error. */
  on401?: 'throw' | 'returnNull';
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

type Result<S> = S extends z.ZodType ? z.output<S> : unknown;

export async function apiRequest<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<Result<S> | null> {
  const { method = 'GET', body, schema, on401 = 'throw', signal, headers = {} } = options;
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', ...headers },
    signal,
  };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
  }
  const response = await fetch(apiUrl(path), init);
  if (response.status === 401 && on401 === 'returnNull') return null;
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);
  if (!schema) return (text ? JSON.parse(text) : null) as Result<S>;
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    throw new InvalidResponseError(path, 'the body is not JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new InvalidResponseError(path, issues);
  }
  return parsed.data as Result<S>;
}

/** A GET whose answer must be present (401 throws). */
export async function apiGet<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
  return (await apiRequest(path, { schema })) as z.output<S>;
}
