import { API_ROUTES, ZApiError, ZComparisonRequest, ZComparisonResponse } from '@promptpair/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services/services.ts';

/** POST /api/getChatData (SPEC §7): one prompt to both services at once. */
export const getChatDataRoute: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.post(
    API_ROUTES.getChatData,
    {
      onRequest: app.limitRate('comparison'),
      schema: {
        body: ZComparisonRequest,
        response: { 200: ZComparisonResponse, 422: ZApiError, 429: ZApiError },
      },
    },
    async (request) => services.comparison.compare(request.body, { visitorId: request.visitorId, ip: request.ip }),
  );
};
