import {
  API_ROUTES,
  isPairRequestBody,
  ZApiError,
  ZBlindComparisonResponse,
  ZBlindReveal,
  ZChatDataRequest,
  ZMyDataComparisonParams,
  ZScoreboard,
  ZVoteRequest,
  type TComparisonRequest,
  type TPairRequest,
} from '@promptpair/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services/services.ts';
import { pairWithSavedKeys } from '../../services/subscription/stored-key-comparison.ts';
import { planPair } from '../comparison/pair-edge.ts';

/**
 * Blind comparisons: POST the same body as getChatData (the spec's or a general pair, planned at the
 * same edge) and get "Answer A" and "Answer B" back; POST a vote to see which was which; GET the
 * visitor's scoreboard.
 */
export const blindRoute: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.post(
    API_ROUTES.blindComparison,
    {
      onRequest: app.limitRate('comparison'),
      schema: { body: ZChatDataRequest, response: { 200: ZBlindComparisonResponse, 422: ZApiError, 429: ZApiError } },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      const who = { visitorId: request.visitorId, ip: request.ip };
      if (isPairRequestBody(request.body)) {
        const body = await pairWithSavedKeys(request.body as TPairRequest, request.visitorId, services.subscriptions);
        const { pair, info } = await planPair(body, services.serviceRegistry, services.offeredModels);
        return services.blind.comparePair(pair, info, who);
      }
      return services.blind.compare(request.body as TComparisonRequest, who);
    },
  );

  app.post(
    API_ROUTES.blindVote,
    { schema: { params: ZMyDataComparisonParams, body: ZVoteRequest, response: { 200: ZBlindReveal, 404: ZApiError, 409: ZApiError, 422: ZApiError } } },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return services.blind.vote(request.params.logId, request.visitorId, request.body.choice);
    },
  );

  app.get(API_ROUTES.scoreboard, { schema: { response: { 200: ZScoreboard } } }, async (request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return services.blind.scoreboard(request.visitorId);
  });
};
