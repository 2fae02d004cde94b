import { API_ROUTES, ZApiError, ZMyData, ZMyDataComparisonParams, ZMyDataConversationParams, ZMyDataDeleted } from '@promptpair/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { startNewVisitor } from '../../plugins/visitor.ts';
import type { Services } from '../../services/services.ts';
import { clearKeyCookies } from '../subscription/key-cookies.ts';

/**
 * "Your data" (docs/decisions.md): GET shows what is kept under the visitor cookie, the download
 * holds all of it, DELETE deletes all of it, one comparison or one conversation. The DELETEs are unsafe methods, so
 * a browser must echo the XSRF token (plugins/csrf.ts). Nothing here is cached.
 */
export const myDataRoute: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  app.get(API_ROUTES.myData, { schema: { response: { 200: ZMyData } } }, (request) => services.myData.overview(request.visitorId));

  app.get(API_ROUTES.myDataDownload, async (request, reply) => {
    const data = await services.myData.exportAll(request.visitorId);
    const day = data.exportedAt.slice(0, 10);
    return reply
      .header('content-disposition', `attachment; filename="promptpair-my-data-${day}.json"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  app.delete(API_ROUTES.myData, { schema: { response: { 200: ZMyDataDeleted } } }, async (request, reply) => {
    const deleted = await services.myData.deleteAll(request.visitorId);
    // The old id now names nothing; the browser carries on as a new visitor, without saved keys.
    startNewVisitor(request, reply);
    clearKeyCookies(request, reply);
    return deleted;
  });

  app.delete(
    API_ROUTES.myDataComparison,
    { schema: { params: ZMyDataComparisonParams, response: { 204: z.null(), 404: ZApiError, 422: ZApiError } } },
    async (request, reply) => {
      await services.myData.deleteComparison(request.visitorId, request.params.logId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    API_ROUTES.myDataConversation,
    { schema: { params: ZMyDataConversationParams, response: { 204: z.null(), 404: ZApiError, 422: ZApiError } } },
    async (request, reply) => {
      await services.myData.deleteConversation(request.visitorId, request.params.conversationId);
      return reply.status(204).send(null);
    },
  );
};
