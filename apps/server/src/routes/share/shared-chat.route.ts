import { API_ROUTES, MESSAGES, ZApiError, ZSharedChat } from '@promptpair/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../lib/api-error.ts';
import type { Services } from '../../services/services.ts';

/** GET /api/chat/{hash} (docs/product.md §7): both results of a shared comparison; 404 JSON for an unknown hash. */
export const sharedChatRoute: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    API_ROUTES.sharedChat,
    // Any text is a well-formed hash here: a malformed one is simply not found, never a 422.
    { schema: { params: z.object({ hash: z.string() }), response: { 200: ZSharedChat, 404: ZApiError } } },
    async (request) => {
      const shared = await services.sharing.read(request.params.hash);
      if (!shared) throw new ApiError('not_found', MESSAGES.notFound);
      return shared;
    },
  );
};
