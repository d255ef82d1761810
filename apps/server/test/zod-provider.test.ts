import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError, ValidationError } from '../src/errors.js';
import {
  idParams,
  optionalBody,
  routesPlugin,
  serializerCompiler,
  validatorCompiler,
} from '../src/zod-provider.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const item = z.object({ name: z.string().min(1, 'Name is required'), size: z.coerce.number().default(1) });
const answer = z.object({ id: z.string(), name: z.string() });

// The same answers as the app's error handler gives (app.ts).
async function build(register: (app: FastifyInstance) => unknown) {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof ValidationError)
      return reply.code(400).send({ message: error.message, issues: error.issues });
    if (error instanceof HttpError) return reply.code(error.statusCode).send({ message: error.message });
    return reply.code(500).send({ message: 'Internal server error' });
  });
  await register(app);
  await app.ready();
  return app;
}

const routes = routesPlugin('test-routes', async (scope, { owner }: { owner: string }) => {
  scope.post(
    '/items/:id',
    { schema: { params: idParams, body: item, response: { 201: answer } } },
    async (request, reply) => {
      // Typed and parsed by Fastify: coerced and defaulted before the handler.
      const size: number = request.body.size;
      // Keys the answer schema does not declare never leave the server.
      const stored = { id: request.params.id, name: `${request.body.name}×${size}`, owner };
      return reply.code(201).send(stored);
    },
  );
  scope.patch(
    '/items',
    { schema: { body: optionalBody(z.object({ name: z.string().optional() })) } },
    async (request) => ({
      got: request.body,
    }),
  );
  scope.get('/broken', { schema: { response: { 200: answer } } }, async () => ({ id: 1 }) as never);
});

describe('zod route schemas', () => {
  it('hands the handler parsed values and answers only what the answer schema declares', async () => {
    const server = await build((a) => a.register(routes, { owner: 'h' }));
    const response = await server.inject({
      method: 'POST',
      url: '/items/a1',
      payload: { name: 'cup', size: '3' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: 'a1', name: 'cup×3' });
  });

  it('refuses a body with a 400 carrying the schema messages and their paths', async () => {
    const server = await build((a) => a.register(routes, { owner: 'h' }));
    const response = await server.inject({ method: 'POST', url: '/items/a1', payload: { name: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Name is required',
      issues: [{ path: 'name', message: 'Name is required' }],
    });
    const missing = await server.inject({ method: 'POST', url: '/items/a1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues).toHaveLength(1);
  });

  it('reads a left-out optional body as {}', async () => {
    const server = await build((a) => a.register(routes, { owner: 'h' }));
    const response = await server.inject({ method: 'PATCH', url: '/items' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ got: {} });
  });

  it('answers 500 when an answer does not match its schema', async () => {
    const server = await build((a) => a.register(routes, { owner: 'h' }));
    const response = await server.inject({ method: 'GET', url: '/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal server error' });
  });

  it('registers the routes in the parent scope under the plugin name', async () => {
    const server = await build((a) => a.register(routes, { owner: 'h' }));
    expect(server.hasPlugin('test-routes')).toBe(true);
    expect(server.hasRoute({ method: 'POST', url: '/items/:id' })).toBe(true);
  });

  it('refuses a route whose schema is not a zod schema when the app starts', async () => {
    await expect(
      build(async (a) => {
        a.post('/plain', { schema: { body: { type: 'object' } } }, async () => ({}));
      }),
    ).rejects.toThrow('POST /plain: route schemas are zod schemas');
  });
});
