import { API_ROUTES, ZApiError, ZComparisonRequest, ZComparisonResponse } from '@promptpair/contract';
import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComparisonOutcome } from '../../services/comparison.ts';
import type { Services } from '../../services/services.ts';
import { streamComparison, wantsEventStream } from './event-stream.ts';

/**
 * POST /api/getChatData (docs/product.md §7): one prompt to both services at once. JSON by default; with
 * `Accept: text/event-stream` the same comparison streams as server-sent events.
 */
export const getChatDataRoute: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.post(
    API_ROUTES.getChatData,
    {
      onRequest: app.limitRate('comparison'),
      schema: {
        body: ZComparisonRequest,
        response: { 200: ZComparisonResponse, 422: ZApiError, 429: ZApiError },
      },
      // A 200 is the comparison's own JSON text (the log holds the same text for each side): it is
      // serialised once, as each side finishes, instead of checked and serialised again here.
      // Every other status this route answers is an ApiError.
      serializerCompiler: (route) => (route.httpStatus === '200' ? (outcome: ComparisonOutcome) => outcome.json : serializerCompiler({ ...route, schema: ZApiError })),
    },
    async (request, reply) => {
      if (wantsEventStream(request.headers.accept)) {
        await streamComparison(services, request.body, request, reply);
        return reply;
      }
      return services.comparison.compare(request.body, { visitorId: request.visitorId, ip: request.ip });
    },
  );
};
