import { API_ROUTES, ZApiError, ZContactRequest, ZContactResponse } from '@promptpair/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services/services.ts';

const DAY_MS = 24 * 3600 * 1000;

/**
 * POST /api/contact-us (docs/product.md §7): stores the message (and mails it when SMTP is configured),
 * within the contact rate limits (plugins/rate-limits.ts).
 */
export const contactUsRoute: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  // Old messages go at start and once a day after, so retention holds even on a quiet site.
  const purge = () => services.contact.purgeExpired().catch((error: unknown) => app.log.error({ err: error }, 'contact purge failed'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await purge();
    timer = setInterval(() => void purge(), DAY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));

  app.post(
    API_ROUTES.contactUs,
    {
      onRequest: app.limitRate('contact'),
      schema: { body: ZContactRequest, response: { 200: ZContactResponse, 422: ZApiError, 429: ZApiError } },
    },
    async (request) => {
      await services.contact.receive(request.body, request.visitorId);
      return { received: true as const };
    },
  );
};
