import { Readable } from 'node:stream';
import { BATCH_ROUTES, ZBatchResultsQuery } from '@promptpair/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services/services.ts';
import { ZJobParams } from './batch.route.ts';

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', jsonl: 'application/x-ndjson; charset=utf-8' } as const;

/** "prompts.txt" → "prompts-results.csv", limited to characters safe in a header. */
const downloadName = (filename: string, format: keyof typeof CONTENT_TYPES) =>
  `${filename.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_').slice(0, 80) || 'prompts'}-results.${format}`;

/** GET /api/batch/:id/results?format=csv|jsonl: the finished prompts so far, streamed, at any time. */
export const batchResultsRoute: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    BATCH_ROUTES.results,
    { schema: { params: ZJobParams, querystring: ZBatchResultsQuery } },
    async (request, reply) => {
      const { format } = request.query;
      const { filename, lines } = await services.batch.results(request.visitorId, request.params.id, format);
      return reply
        .header('Content-Type', CONTENT_TYPES[format])
        .header('Content-Disposition', `attachment; filename="${downloadName(filename, format)}"`)
        .header('Cache-Control', 'no-store')
        .send(Readable.from(lines));
    },
  );
};
