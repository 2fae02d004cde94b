import { BATCH_LIMITS, BATCH_ROUTES, ZApiError, ZBatchJob, ZBatchSummary, ZBatchUpload, ZLatestBatch } from '@promptpair/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services/services.ts';
import { withRetryAfter } from '../retry-later.ts';
import { planRunPair } from './run-pair.ts';

/** Any text is a well-formed id: one that names no run of this visitor is simply not found (404). */
export const ZJobParams = z.object({ id: z.string() });
const errors = { 403: ZApiError, 404: ZApiError, 409: ZApiError, 422: ZApiError };

/** Prompt-list runs of a subscriber: upload, progress, cancel. Downloads are in batch-results.route.ts. */
export const batchRoute: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.addHook('onSend', (_request, reply, payload, done) => {
    void reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });

  app.post(
    BATCH_ROUTES.upload,
    {
      // Uploads per hour are counted before the body is read; the limits of running lists inside the upload.
      onRequest: app.limitRate('batchUpload'),
      // The one route that takes more than the app's 1 MiB: a list of up to 10,000 prompts.
      bodyLimit: BATCH_LIMITS.uploadMaxBytes,
      schema: { body: ZBatchUpload, response: { 201: ZBatchJob, ...errors, 429: ZApiError } },
    },
    async (request, reply) =>
      withRetryAfter(request, reply, async () => {
        const { sides } = request.body;
        const planned = sides ? () => planRunPair(sides, request.visitorId, services) : undefined;
        return reply.status(201).send(await services.batch.upload(request.visitorId, request.body, request.ip, planned));
      }),
  );

  app.get(BATCH_ROUTES.latest, { schema: { response: { 200: ZLatestBatch } } }, async (request) => ({
    job: await services.batch.latest(request.visitorId),
  }));

  app.get(BATCH_ROUTES.job, { schema: { params: ZJobParams, response: { 200: ZBatchJob, 404: ZApiError } } }, async (request) =>
    services.batch.get(request.visitorId, request.params.id),
  );

  app.get(BATCH_ROUTES.summary, { schema: { params: ZJobParams, response: { 200: ZBatchSummary, 404: ZApiError } } }, async (request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return services.batch.summary(request.visitorId, request.params.id);
  });

  app.post(BATCH_ROUTES.cancel, { schema: { params: ZJobParams, response: { 200: ZBatchJob, 404: ZApiError } } }, async (request) =>
    services.batch.cancel(request.visitorId, request.params.id),
  );
};
