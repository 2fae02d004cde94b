import { API_ROUTES, INVALID_CURSOR_MESSAGE, NEXT_CURSOR_HEADER, ZApiError, ZLogQuery, ZLogRecordList } from '@promptpair/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../lib/api-error.ts';
import { decodeCursor } from '../../services/history-services.ts';
import type { Services } from '../../services/services.ts';

/**
 * GET /log-details (docs/product.md §7): the calling visitor's logged comparisons, newest first. The answer
 * stays a plain array; `?limit=&cursor=` page through long histories and the cursor for the next
 * page comes back in the X-Next-Cursor header (absent on the last page). `?include=settings` adds
 * each record's sent settings (never a key) for the Markdown of a comparison; without it the records
 * keep the spec's shape.
 */
export const logDetailsRoute: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    API_ROUTES.logDetails,
    { schema: { querystring: ZLogQuery, response: { 200: ZLogRecordList, 422: ZApiError } } },
    async (request, reply) => {
      const { limit, cursor, include } = request.query;
      const after = cursor === undefined ? undefined : decodeCursor(cursor);
      if (after === null) throw new ApiError('validation_failed', INVALID_CURSOR_MESSAGE, { cursor: [INVALID_CURSOR_MESSAGE] });
      const { records, next } = await services.logHistory.page(request.visitorId, { limit, after, withSettings: include === 'settings' });
      void reply.header('Cache-Control', 'no-store');
      if (next) void reply.header(NEXT_CURSOR_HEADER, next);
      return records;
    },
  );
};
