import { API_ROUTES, ZApiError, ZSavedServiceKeys, ZServiceKeyRequest, ZStoredKeys, ZSubscriptionRequest, ZSubscriptionSaved } from '@promptpair/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services/services.ts';
import { withRetryAfter } from '../retry-later.ts';
import { clearKeyCookies, setKeyCookies } from './key-cookies.ts';

const NO_KEYS = { chatgptKey: null, palmapiKey: null, email: null };

const ZServiceParam = z.object({ service: z.string().min(1).max(100) });

/**
 * POST /api/key and GET /api/get-api-key (docs/product.md §7): saving a subscription and reading it back, masked;
 * and a subscriber's key per service (docs/decisions.md, "Saved keys per service"), answered masked only.
 */
export const subscriptionRoute: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.post(
    API_ROUTES.key,
    {
      onRequest: app.limitRate('key'),
      schema: { body: ZSubscriptionRequest, response: { 200: ZSubscriptionSaved, 409: ZApiError, 422: ZApiError, 429: ZApiError, 503: ZApiError } },
    },
    async (request, reply) =>
      withRetryAfter(request, reply, async () => {
        // Each key is tried on its service first; a refused or unanswered check saves nothing.
        const saved = await services.subscriptions.save(request.visitorId, request.body);
        setKeyCookies(request, reply);
        void reply.header('Cache-Control', 'no-store');
        return saved;
      }),
  );

  app.get(API_ROUTES.getApiKey, { schema: { response: { 200: ZStoredKeys } } }, async (request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    const keys = await services.subscriptions.storedKeys(request.visitorId);
    if (!keys) clearKeyCookies(request, reply);
    return keys ?? NO_KEYS;
  });

  app.get(API_ROUTES.serviceKeys, { schema: { response: { 200: ZSavedServiceKeys, 403: ZApiError } } }, async (request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return services.subscriptions.serviceKeys(request.visitorId);
  });

  app.put(
    API_ROUTES.serviceKey,
    {
      onRequest: app.limitRate('key'),
      schema: { params: ZServiceParam, body: ZServiceKeyRequest, response: { 200: ZSavedServiceKeys, 403: ZApiError, 404: ZApiError, 422: ZApiError, 429: ZApiError, 503: ZApiError } },
    },
    async (request, reply) =>
      withRetryAfter(request, reply, async () => {
        // Tried on its service first, as a subscription's keys are; a refused or unanswered check saves nothing.
        const saved = await services.subscriptions.saveServiceKey(request.visitorId, request.params.service, request.body.key);
        void reply.header('Cache-Control', 'no-store');
        return saved;
      }),
  );

  app.delete(
    API_ROUTES.serviceKey,
    { schema: { params: ZServiceParam, response: { 200: ZSavedServiceKeys, 403: ZApiError, 404: ZApiError, 422: ZApiError } } },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return services.subscriptions.removeServiceKey(request.visitorId, request.params.service);
    },
  );
};
