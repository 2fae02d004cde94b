import { API_ROUTES, ZModelList, ZModelOffers, type TModelOffers } from '@promptpair/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services/services.ts';

/**
 * The engine and model dropdowns (docs/product.md §7, and GET /api/models for the page). The catalog
 * caches and falls back, so these never fail. The spec's names are this edge's: the catalog keys its
 * services by id (ChatGPT is `chatgpt`, Palm API `palm`).
 */
export const listModelsRoute: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const options = { schema: { response: { 200: ZModelList } } };
  app.get(API_ROUTES.listModelsChatgpt, options, async (_request, reply) => {
    void reply.header('Cache-Control', 'public, max-age=60');
    return services.models.modelIds('chatgpt');
  });
  app.get(API_ROUTES.listModelsPalmapi, options, async (_request, reply) => {
    void reply.header('Cache-Control', 'public, max-age=60');
    return services.models.modelIds('palm');
  });
  // What the page's pickers show: the same models with retirement days, and each side's default.
  app.get(API_ROUTES.models, { schema: { response: { 200: ZModelOffers } } }, async (_request, reply) => {
    void reply.header('Cache-Control', 'public, max-age=60');
    const [chatGPT, palmAPI] = await Promise.all([services.models.offer('chatgpt'), services.models.offer('palm')]);
    return { chatGPT, palmAPI } satisfies TModelOffers;
  });
};
