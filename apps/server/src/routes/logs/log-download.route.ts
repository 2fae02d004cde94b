import { API_ROUTES, ZLogDownloadQuery } from '@promptpair/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCsv, toExportEntries } from '../../services/log-export.ts';
import type { Services } from '../../services/services.ts';

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8' } as const;

/**
 * GET /log-details/download?format=csv|json: the visitor's whole log as a file. A plain link
 * fetches it, so the browser's own download handling (and the visitor cookie) do the rest.
 */
export const logDownloadRoute: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(API_ROUTES.logDownload, { schema: { querystring: ZLogDownloadQuery } }, async (request, reply) => {
    const { format } = request.query;
    const records = await services.logHistory.all(request.visitorId);
    const day = new Date().toISOString().slice(0, 10);
    const body = format === 'csv' ? toCsv(records) : JSON.stringify(toExportEntries(records), null, 2);
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="promptpair-log-${day}.${format}"`)
      .type(CONTENT_TYPES[format])
      .send(body);
  });
};
