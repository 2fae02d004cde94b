import { API_ROUTES, ZApiError, ZShareRequest, ZShareResponse } from '@promptpair/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services/services.ts';

/** POST /api/shareLink (docs/product.md §7): a public link to one of the caller's own comparisons. */
export const shareLinkRoute: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.post(
    API_ROUTES.shareLink,
    { onRequest: app.limitRate('share'), schema: { body: ZShareRequest, response: { 200: ZShareResponse, 404: ZApiError, 409: ZApiError, 422: ZApiError, 429: ZApiError } } },
    async (request) => {
      // PUBLIC_URL names the site behind a proxy; without it the link follows the address the visitor used.
      const base = services.env.publicUrl ?? `${request.protocol}://${request.host}`;
      return { url: await services.sharing.share(request.body.logId, request.visitorId, base) };
    },
  );
};
