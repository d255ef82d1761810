// Serves the built dashboard (apps/dashboard/dist) with an SPA fallback to
// index.html for non-API paths; without a build, a short page says how to make one.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Argus</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>Argus is running</h1>
<p>The dashboard has not been built yet. Build it with
<code>npm run build -w @argus/dashboard</code> (or start with <code>npm start</code> at the
repository root, which builds everything) and reload this page.</p>
<p>The API is available under <code>/api/v1</code>.</p>
</body></html>`;

/**
 * Paths that never get the dashboard: the API and the capture path in any
 * spelling the router might see (`/%67ateway/%2e%2e`, `//GATEWAY/..`), and any
 * path with dot segments or that does not decode. Decided on the decoded,
 * lower-cased segments, never on the raw text: `/gateway/%2e%2e` got the SPA.
 */
function isApiPath(url: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.split('?')[0] ?? '');
  } catch {
    return true;
  }
  const segments = decoded
    .toLowerCase()
    .split(/[/\\]+/)
    .filter(Boolean);
  if (segments.some((s) => s === '.' || s === '..')) return true;
  return segments[0] === 'api' || segments[0] === 'gateway';
}

/**
 * Files a dashboard build may hold that production does not serve: source maps
 * (the app's sources, comments included) and MSW's mock service worker, which
 * would answer the app's calls from mocks if a page registered it.
 */
function isDevelopmentFile(url: string): boolean {
  let name: string;
  try {
    name = decodeURIComponent(url.split('?')[0] ?? '')
      .split(/[/\\]/)
      .pop()!
      .toLowerCase();
  } catch {
    return true;
  }
  return name.endsWith('.map') || name === 'mockserviceworker.js';
}

export async function dashboardPlugin(app: FastifyInstance, { root }: { root: string }): Promise<void> {
  const built = existsSync(path.join(root, 'index.html'));
  if (built) {
    // The built files are public (the sign-in page needs them): declared for the whole scope.
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: 'public' };
      });
      await scope.register(fastifyStatic, {
        root,
        wildcard: false,
        index: ['index.html'],
        cacheControl: false,
        // reply.sendFile would exist in this scope only; the fallback below reads index.html itself.
        decorateReply: false,
        allowedPath: (pathName) => !isDevelopmentFile(pathName),
      });
    });
  }
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (isApiPath(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply
        .code(404)
        .send({ message: `Not found: ${request.method} ${(request.url.split('?')[0] ?? '').slice(0, 200)}` });
    }
    // Hashed assets are immutable; a missing one is a real 404, not the app shell. So is a refused one.
    if (request.url.startsWith('/assets/') || isDevelopmentFile(request.url))
      return reply.code(404).send({ message: 'Not found' });
    if (!built) return reply.code(200).type('text/html; charset=utf-8').send(NOT_BUILT);
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await readFile(path.join(root, 'index.html')));
  });
}
