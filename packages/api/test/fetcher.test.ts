import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  apiRequest,
  errorMessage,
  InvalidResponseError,
  metricsSchema,
  setApiBaseUrl,
} from '../src/index.js';

const server = setupServer();
beforeAll(() => {
  setApiBaseUrl('http://argus.test');
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('apiRequest', () => {
  it('sends credentials, JSON bodies with a JSON content type, and parses with the schema', async () => {
    let seen: { credentials?: string; contentType: string | null; body: unknown } | undefined;
    server.use(
      http.post('http://argus.test/api/v1/thing', async ({ request }) => {
        seen = {
          credentials: request.credentials,
          contentType: request.headers.get('content-type'),
          body: await request.json(),
        };
        return HttpResponse.json({ ok: 1 });
      }),
    );
    const result = await apiRequest('/api/v1/thing', {
      method: 'POST',
      body: { a: 1 },
      schema: z.object({ ok: z.number() }),
    });
    expect(result).toEqual({ ok: 1 });
    expect(seen?.contentType).toBe('application/json');
    expect(seen?.body).toEqual({ a: 1 });
    expect(seen?.credentials).toBe('include');
  });

  it('throws "<status>: <body text>" on a non-OK answer', async () => {
    server.use(
      http.get('http://argus.test/api/v1/metrics', () =>
        HttpResponse.json({ message: 'Database unavailable' }, { status: 503 }),
      ),
    );
    const error = await apiRequest('/api/v1/metrics', { schema: metricsSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe('503: {"message":"Database unavailable"}');
    expect(errorMessage(error)).toBe('Database unavailable');
  });

  it('falls back to the status text when the body is empty', async () => {
    server.use(
      http.get(
        'http://argus.test/api/v1/metrics',
        () => new HttpResponse(null, { status: 404, statusText: 'Not Found' }),
      ),
    );
    await expect(apiRequest('/api/v1/metrics')).rejects.toThrow(/^404: Not Found$/);
  });

  it('treats 401 as an error by default and as null with the option', async () => {
    server.use(
      http.get('http://argus.test/api/v1/auth/me', () =>
        HttpResponse.json({ message: 'Sign in' }, { status: 401 }),
      ),
    );
    await expect(apiRequest('/api/v1/auth/me')).rejects.toThrow('401: {"message":"Sign in"}');
    await expect(apiRequest('/api/v1/auth/me', { on401: 'returnNull' })).resolves.toBeNull();
  });

  it('rejects a malformed answer with the failing fields named', async () => {
    server.use(
      http.get('http://argus.test/api/v1/metrics', () => HttpResponse.json({ totalEndpoints: 'many' })),
    );
    const error = await apiRequest('/api/v1/metrics', { schema: metricsSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as Error).message).toMatch(/Invalid response from \/api\/v1\/metrics: totalEndpoints: /);
  });

  it('rejects a body that is not JSON', async () => {
    server.use(
      http.get('http://argus.test/api/v1/metrics', () => new HttpResponse('<html>', { status: 200 })),
    );
    await expect(apiRequest('/api/v1/metrics', { schema: metricsSchema })).rejects.toThrow(
      'the body is not JSON',
    );
  });

  it('gives "Unknown error" for errors without a message', () => {
    expect(errorMessage(undefined)).toBe('Unknown error');
    expect(errorMessage(new Error(''))).toBe('Unknown error');
  });
});
