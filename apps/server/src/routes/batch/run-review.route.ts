import { BATCH_ROUTES, ZApiError, ZRunItem, ZRunItemParams, ZRunItemsPage, ZRunItemsQuery, ZRunParams, ZVoteRequest } from '@promptpair/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services/services.ts';

/**
 * A run's results view: GET a page of its prompts, each blind until voted on; POST a
 * vote on one prompt to see it revealed. Only the run's owner gets anything; anyone else a 404.
 */
export const runReviewRoute: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    BATCH_ROUTES.items,
    { schema: { params: ZRunParams, querystring: ZRunItemsQuery, response: { 200: ZRunItemsPage, 404: ZApiError, 422: ZApiError } } },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return services.runReview.page(request.visitorId, request.params.id, request.query.page);
    },
  );

  app.post(
    BATCH_ROUTES.itemVote,
    { schema: { params: ZRunItemParams, body: ZVoteRequest, response: { 200: ZRunItem, 404: ZApiError, 409: ZApiError, 422: ZApiError } } },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return services.runReview.vote(request.visitorId, request.params.id, request.params.line, request.body.choice);
    },
  );
};
