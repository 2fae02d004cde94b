import { API_ROUTES, ZServiceList, type TServiceList } from '@promptpair/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services/services.ts';

/** The service and model pickers: every configured service, its kind, models and settings. Model lists cache and fall back, so this never fails. */
export const servicesRoute: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(API_ROUTES.services, { schema: { response: { 200: ZServiceList } } }, async (_request, reply): Promise<TServiceList> => {
    void reply.header('Cache-Control', 'public, max-age=60');
    const list = await Promise.all(
      services.serviceRegistry.list().map(async (service) => ({
        id: service.id,
        kind: service.kind,
        name: service.name,
        models: await services.offeredModels(service.id),
        defaultModel: (await services.offeredModels.defaultModel(service.id)) ?? service.defaultModel,
        settings: [...service.settings],
        freePrompts: service.route.operator !== null,
      })),
    );
    return { services: list };
  });
};
