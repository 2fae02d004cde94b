import rateLimit from '@fastify/rate-limit';
import { API_ROUTES, MESSAGES, ZApiError, ZContactRequest, ZContactResponse } from '@promptpair/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../lib/api-error.ts';
import type { Services } from '../../services/services.ts';

/** Messages one visitor may send per window (docs/decisions.md, "Contact Us"). */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: '1 hour' } as const;
const DAY_MS = 24 * 3600 * 1000;

/**
 * POST /api/contact-us (SPEC §7): stores the message (and mails it when SMTP is configured).
 * The limiter is registered inside this plugin so it counts this route only, per visitor cookie.
 */
export const contactUsRoute: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => request.visitorId,
    // Thrown, so the central error handler answers with the one error shape.
    errorResponseBuilder: () => new ApiError('rate_limited', MESSAGES.contact.rateLimited),
  });

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
      config: { rateLimit: CONTACT_RATE_LIMIT },
      schema: { body: ZContactRequest, response: { 200: ZContactResponse, 422: ZApiError, 429: ZApiError } },
    },
    async (request) => {
      await services.contact.receive(request.body, request.visitorId);
      return { received: true as const };
    },
  );
};
