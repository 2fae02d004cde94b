// Blind comparisons (docs/decisions.md, "Blind mode"): the server draws the order, keeps it, and
// answers only the two texts until the visitor votes; the vote answers everything.
import { randomInt } from 'node:crypto';
import {
  BLIND_TEXTS,
  blindOrder,
  namesItsMaker,
  parseLogSide,
  type ServiceKey,
  type TBlindAnswer,
  type TBlindComparisonResponse,
  type TBlindReveal,
  type TComparisonRequest,
  type TScoreboard,
  type TServiceResult,
  type TVoteChoice,
} from '@promptpair/contract';
import type { LogsRepository } from '../db/repositories/logs.ts';
import { toVote, type VotesRepository } from '../db/repositories/votes.ts';
import { ApiError } from '../lib/api-error.ts';
import type { ComparisonService } from './comparison.ts';
import { tallyVotes, type ServiceNames } from './scoreboard.ts';

/** The text only: a failure's message names its service, so it waits for the reveal. */
export function blindAnswer(result: TServiceResult): TBlindAnswer {
  const failed = result.errorMsg !== null || result.message === null;
  return { message: failed ? null : result.message, failed };
}

/** The full result kept in a log's JSON (kept whole whether or not it was logged for Log Details). */
export function storedResult(json: string): TServiceResult {
  const side = parseLogSide(json);
  if (!side) return { message: null, tokens: null, rawOutput: null, errorMsg: null, elapsedTime: 0 };
  return { ...side, errorMsg: side.errorMsg ?? null };
}

export interface BlindDeps {
  comparison: ComparisonService;
  logs: LogsRepository;
  votes: VotesRepository;
  /** Display names of services by id, for the scoreboard's models. */
  serviceNames: ServiceNames;
  /** 0 or 1; crypto's by default, so the order cannot be predicted from earlier ones. */
  coin?: () => number;
}

export function createBlindService({ comparison, logs, votes, serviceNames, coin = () => randomInt(2) }: BlindDeps) {
  return {
    async compare(request: TComparisonRequest, who: { visitorId: string; ip: string }): Promise<TBlindComparisonResponse> {
      const result = await comparison.compare(request, who);
      const answerA: ServiceKey = coin() === 0 ? 'chatGPT' : 'palmAPI';
      const order = blindOrder(answerA);
      const sides = { chatGPT: result.chatGPT, palmAPI: result.palmAPI };
      const answers = { answerA: blindAnswer(sides[order.a]), answerB: blindAnswer(sides[order.b]) };
      // No record, so no hidden order to vote on later: the texts still reach the visitor, unnamed.
      if (result.logId === null) return { logId: null, ...answers, unsaved: true };
      await votes.create({
        logId: result.logId,
        visitorId: who.visitorId,
        answerA,
        models: { chatGPT: result.chatGPT.model ?? null, palmAPI: result.palmAPI.model ?? null },
        selfNamed: { chatGPT: namesItsMaker('chatGPT', result.chatGPT.message), palmAPI: namesItsMaker('palmAPI', result.palmAPI.message) },
      });
      return { logId: result.logId, ...answers };
    },

    /** Casts the vote once and reveals; 404 for a comparison that is not this visitor's blind one, 409 when already cast. */
    async vote(logId: string, visitorId: string, choice: TVoteChoice): Promise<TBlindReveal> {
      const pending = await votes.find(logId, visitorId);
      if (!pending) throw new ApiError('not_found', BLIND_TEXTS.notBlind);
      if (pending.choice !== null || !(await votes.cast(logId, visitorId, choice))) throw new ApiError('conflict', BLIND_TEXTS.alreadyVoted);
      const [row, cast] = await Promise.all([logs.findById(logId), votes.find(logId, visitorId)]);
      const vote = cast ? toVote(cast) : null;
      if (!row || !vote) throw new ApiError('not_found', BLIND_TEXTS.notBlind);
      return { logId, chatGPT: storedResult(row.chatgpt_data), palmAPI: storedResult(row.palm_data), vote };
    },

    async scoreboard(visitorId: string): Promise<TScoreboard> {
      return tallyVotes(await votes.castBy(visitorId), serviceNames);
    },
  };
}
export type BlindService = ReturnType<typeof createBlindService>;
