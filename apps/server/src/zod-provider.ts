// Zod schemas (the ones @argus/api shares with the dashboard) as Fastify route
// schemas: Fastify validates params, queries and bodies with them before the
// handler runs, types the handler through the type provider, and checks and
// serializes answers with them. A refused input is the same 400
// `{message, issues}` answer as everywhere else (errors.ts); an answer that
// does not match its schema is the server's fault, a 500 that is logged.
import type {
  FastifyBaseLogger,
  FastifyPluginAsync,
  FastifyPluginOptions,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
  RawServerDefault,
} from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { issuesOf, ValidationError } from './errors.js';

export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

function zodSchema(schema: unknown, method: string, url: string): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  throw new Error(`${method} ${url}: route schemas are zod schemas`);
}

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, method, url }) => {
  const zod = zodSchema(schema, method, url);
  return (data: unknown) => {
    const result = zod.safeParse(data);
    return result.success ? { value: result.data } : { error: new ValidationError(issuesOf(result.error)) };
  };
};

export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  const zod = zodSchema(schema, method, url);
  // Only what the schema declares leaves the server (objects strip unknown keys).
  return (data: unknown) => JSON.stringify(zod.parse(data));
};

/** A body that may be left out: no body reads as `{}` (Fastify hands validators `null`). */
export const optionalBody = <S extends z.ZodType>(schema: S) => z.preprocess((value) => value ?? {}, schema);

/** `:id` in a path; whether it names a row is the handler's `requireId` (a 404, not a 400). */
export const idParams = z.object({ id: z.string() });

export type ZodRoutes<Options extends FastifyPluginOptions> = FastifyPluginAsync<
  Options,
  RawServerDefault,
  ZodTypeProvider
>;

/** A file's routes as a named Fastify plugin, typed by the zod type provider. */
export function routesPlugin<Options extends FastifyPluginOptions>(
  name: string,
  plugin: ZodRoutes<Options>,
): ZodRoutes<Options> {
  return fp<Options, RawServerDefault, ZodTypeProvider, FastifyBaseLogger, ZodRoutes<Options>>(plugin, {
    name,
    fastify: '5.x',
  });
}
