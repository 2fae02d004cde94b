import { API_ROUTES, turnChoiceOf, isFollowUpBody, isPairRequestBody, ZApiError, ZChatDataRequest, ZComparisonResponse, ZPairResponse, type TComparisonRequest, type TFollowUpRequest, type TPairRequest } from '@promptpair/contract';
import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ComparisonOutcome, PairOutcome } from '../../services/comparison.ts';
import type { Services } from '../../services/services.ts';
import { streamComparison, streamPair, wantsEventStream } from './event-stream.ts';
import { planFollowUpTurn } from './follow-up-turn.ts';
import { planPair } from './pair-edge.ts';
import { pairWithSavedKeys } from '../../services/subscription/stored-key-comparison.ts';
import { waitForStart } from './wait-for-start.ts';

/**
 * POST /api/getChatData (docs/product.md §7): one prompt to both sides at once. JSON by default; with
 * `Accept: text/event-stream` the same comparison streams as server-sent events. The spec's body
 * (chatGPT / bardAPI) is answered under the spec's names, a general pair (`sides`) as sides a and b,
 * each starting a conversation; a follow-up (`conversationId`) as the next turn of the visitor's own.
 */
export const getChatDataRoute: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.post(
    API_ROUTES.getChatData,
    {
      onRequest: app.limitRate('comparison'),
      preHandler: waitForStart(services.waitForStart),
      schema: {
        body: ZChatDataRequest,
        response: { 200: z.union([ZComparisonResponse, ZPairResponse]), 404: ZApiError, 409: ZApiError, 422: ZApiError, 429: ZApiError },
      },
      // A 200 is the comparison's own JSON text (the log holds the same text for each side): it is
      // serialised once, as each side finishes, instead of checked and serialised again here.
      // Every other status this route answers is an ApiError.
      serializerCompiler: (route) => (route.httpStatus === '200' ? (outcome: ComparisonOutcome | PairOutcome) => outcome.json : serializerCompiler({ ...route, schema: ZApiError })),
    },
    async (request, reply) => {
      const who = { visitorId: request.visitorId, ip: request.ip };
      const streamed = wantsEventStream(request.headers.accept);
      if (isFollowUpBody(request.body)) {
        const body = request.body as TFollowUpRequest;
        // A blind conversation goes on blind (routes/blind/) until it is revealed.
        await services.blind.refuseWhileBlind(body.conversationId, request.visitorId);
        // One follow-up of a conversation at a time: a second one would read the same history.
        const release = services.conversations.hold(request.visitorId, body.conversationId);
        try {
          const soFar = await services.conversations.soFar(request.visitorId, body.conversationId, turnChoiceOf(body));
          const { pair, info } = await planFollowUpTurn(body, soFar, request.visitorId, services);
          const comparison = { comparePair: (...args: Parameters<Services['comparison']['comparePair']>) => services.comparison.comparePair(...args).finally(release) };
          if (!streamed) return await comparison.comparePair(pair, info, who);
          await streamPair({ comparison, storage: services.storage }, pair, info, request, reply);
          return reply;
        } catch (error) {
          release();
          throw error;
        }
      }
      if (isPairRequestBody(request.body)) {
        const body = await pairWithSavedKeys(request.body as TPairRequest, request.visitorId, services.subscriptions);
        const planned = await planPair(body, services.serviceRegistry, services.offeredModels);
        const { info } = planned;
        const pair = { ...planned.pair, conversation: 'start' as const };
        if (!streamed) return services.comparison.comparePair(pair, info, who);
        await streamPair(services, pair, info, request, reply);
        return reply;
      }
      const body = request.body as TComparisonRequest;
      if (streamed) {
        await streamComparison(services, body, request, reply);
        return reply;
      }
      return services.comparison.compare(body, who, undefined, true);
    },
  );
};
