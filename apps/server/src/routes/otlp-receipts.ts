// GET /api/v1/domains/:name/otlp (issue 45): the domain's OpenTelemetry source for the
// Domains screen: where to send traces, whether the ingest token is set (never its
// value), and what the receiver has taken in over all domains and for this one.
import { otlpReceiptsSchema } from '@argus/api';
import { z } from 'zod';
import { allow } from '../auth.js';
import { OTLP_TRACES_PATH } from '../capture/otlp.js';
import { readOtlpReceipts } from '../capture/otlp-receipts.js';
import type { AppContext } from '../context.js';
import { routesPlugin } from '../zod-provider.js';

const nameParams = z.object({ name: z.string() });

export const otlpReceiptRoutes = routesPlugin(
  'argus-otlp-receipts',
  async (app, { ctx }: { ctx: AppContext }) => {
    app.get(
      '/api/v1/domains/:name/otlp',
      allow('viewer', { params: nameParams, response: { 200: otlpReceiptsSchema } }),
      async (request) => {
        const { publicUrl, ingestToken } = ctx.config;
        const receipts = await readOtlpReceipts(ctx.db, request.params.name.toLowerCase());
        return {
          ...receipts,
          url: publicUrl ? publicUrl.replace(/\/+$/, '') + OTLP_TRACES_PATH : null,
          ingestTokenSet: ingestToken !== undefined,
        };
      },
    );
  },
);
