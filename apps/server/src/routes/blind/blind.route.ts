import {
  API_ROUTES,
  BLIND_CONVERSATION_MESSAGES,
  BLIND_TEXTS,
  isFollowUpBody,
  isPairRequestBody,
  ZApiError,
  ZBlindComparisonResponse,
  ZBlindConversationParams,
  ZBlindConversationReveal,
  ZBlindReveal,
  ZChatDataRequest,
  ZMyDataComparisonParams,
  ZScoreboard,
  ZVoteRequest,
  type TComparisonRequest,
  type TFollowUpRequest,
  type Side,
  type TPairRequest,
} from '@promptpair/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../lib/api-error.ts';
import type { Services } from '../../services/services.ts';
import { pairWithSavedKeys } from '../../services/subscription/stored-key-comparison.ts';
import { planFollowUpTurn } from '../comparison/follow-up-turn.ts';
import { PastContextWindow } from '../comparison/follow-up-edge.ts';
import { planPair } from '../comparison/pair-edge.ts';
import { waitForStart } from '../comparison/wait-for-start.ts';

/**
 * A planning refusal names a side's service, model or side: before the vote it says none of them.
 * A history past its model's window is told by the side's hidden label (`answerA`: the side shown as Answer A).
 */
async function withoutNames<T>(planning: Promise<T>, answerA: Side): Promise<T> {
  try {
    return await planning;
  } catch (error) {
    if (error instanceof PastContextWindow) {
      const label = error.side === answerA ? BLIND_TEXTS.answerA : BLIND_TEXTS.answerB;
      const message = BLIND_CONVERSATION_MESSAGES.pastContext(label, error.tokens);
      throw new ApiError('validation_failed', message, { prompt: [message] });
    }
    if (error instanceof ApiError && error.statusCode === 422) {
      throw new ApiError('validation_failed', BLIND_CONVERSATION_MESSAGES.cannotGoOn, { conversationId: [BLIND_CONVERSATION_MESSAGES.cannotGoOn] });
    }
    throw error;
  }
}

/**
 * Blind comparisons: POST the same body as getChatData (the spec's or a general pair, planned at the
 * same edge; a follow-up for the next turn of a blind conversation) and get "Answer A" and "Answer
 * B" back; POST a vote on any turn, or end the conversation, to see which was which; GET the
 * visitor's scoreboard.
 */
export const blindRoute: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.post(
    API_ROUTES.blindComparison,
    {
      onRequest: app.limitRate('comparison'),
      preHandler: waitForStart(services.waitForStart),
      schema: { body: ZChatDataRequest, response: { 200: ZBlindComparisonResponse, 404: ZApiError, 409: ZApiError, 422: ZApiError, 429: ZApiError } },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      const who = { visitorId: request.visitorId, ip: request.ip };
      if (isFollowUpBody(request.body)) {
        const body = request.body as TFollowUpRequest;
        // One follow-up of a conversation at a time, as on the open route.
        const release = services.conversations.hold(request.visitorId, body.conversationId);
        try {
          const soFar = await services.conversations.soFar(request.visitorId, body.conversationId);
          const answerA = await services.blind.admitFollowUp(body, soFar, request.visitorId, services.conversations.limits);
          const { pair, info } = await withoutNames(planFollowUpTurn(body, soFar, request.visitorId, services), answerA);
          return await services.blind.followUp(pair, info, answerA, who);
        } finally {
          release();
        }
      }
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

  app.post(
    API_ROUTES.blindEnd,
    { schema: { params: ZBlindConversationParams, response: { 200: ZBlindConversationReveal, 404: ZApiError, 422: ZApiError } } },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return services.blind.end(request.params.conversationId, request.visitorId);
    },
  );

  app.get(API_ROUTES.scoreboard, { schema: { response: { 200: ZScoreboard } } }, async (request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return services.blind.scoreboard(request.visitorId);
  });
};
