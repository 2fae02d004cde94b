import { API_ROUTES, ZSession } from '@promptpair/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services/services.ts';

/** GET /api/session: free prompts left and demo mode, for the page's banner and counter. */
export const sessionRoute: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(API_ROUTES.session, { schema: { response: { 200: ZSession } } }, async (request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return {
      freePrompts: services.freePrompts,
      freePromptsLeft: await services.usage.freePromptsLeft(request.visitorId, request.ip),
      demoMode: services.demoMode,
      subscribed: await services.isSubscribed(request.visitorId),
    };
  });
};
