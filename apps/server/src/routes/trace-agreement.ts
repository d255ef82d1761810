// GET /api/v1/domains/:name/trace-agreement (issue 45): the domain's endpoints whose
// template a trace's `http.route` declared, against what discovery alone learns from
// the same raw paths (engine traceAgreement).
import { and, eq, sql } from 'drizzle-orm';
import { traceAgreementSchema } from '@argus/api';
import { traceAgreement, type EndpointAggregate } from '@argus/engine';
import { z } from 'zod';
import type { Analyzer } from '../analysis/analysis-queue.js';
import { allow } from '../auth.js';
import type { AppContext } from '../context.js';
import { domains, endpoints } from '../db/schema/index.js';
import { notFound } from '../errors.js';
import { routesPlugin } from '../zod-provider.js';

const nameParams = z.object({ name: z.string() });

export const traceAgreementRoutes = routesPlugin(
  'argus-trace-agreement',
  async (app, { ctx, analyzer }: { ctx: AppContext; analyzer: Analyzer }) => {
    const { db } = ctx;
    app.get(
      '/api/v1/domains/:name/trace-agreement',
      {
        ...allow('viewer', { params: nameParams, response: { 200: traceAgreementSchema } }),
        // What was captured before the call is analysed first, as for the inventory's reads.
        preHandler: () => analyzer.catchUp(),
      },
      async (request) => {
        const [domain] = await db
          .select({ id: domains.id, name: domains.name })
          .from(domains)
          .where(eq(domains.name, request.params.name.toLowerCase()));
        if (!domain) throw notFound('Domain');
        const rows = await db
          .select({ aggregate: endpoints.aggregate })
          .from(endpoints)
          .where(
            and(
              eq(endpoints.domainId, domain.id),
              sql`(${endpoints.aggregate} ->> 'tracedRoute')::boolean is true`,
            ),
          );
        const aggregates: EndpointAggregate[] = rows.map((r) => r.aggregate);
        return traceAgreement(domain.name, aggregates);
      },
    );
  },
);
