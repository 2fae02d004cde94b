// Blind comparisons (docs/decisions.md, "Blind mode"): the server draws the order, keeps it, and
// answers only the two texts until the visitor votes; the vote answers everything.
import { randomInt } from 'node:crypto';
import {
  BLIND_TEXTS,
  blindOrder,
  namesItsKindsMaker,
  namesItsMaker,
  namesOfModel,
  parseLogSide,
  type ServiceKey,
  type TBlindAnswer,
  type TBlindComparisonResponse,
  type TBlindReveal,
  type TComparisonRequest,
  type TPairSideInfo,
  type TServiceKind,
  type TScoreboard,
  type TServiceResult,
  type TVoteChoice,
} from '@promptpair/contract';
import type { LogsRepository } from '../db/repositories/logs.ts';
import { toVote, type VotesRepository } from '../db/repositories/votes.ts';
import { ApiError } from '../lib/api-error.ts';
import type { ComparisonService, PlannedPair } from './comparison.ts';
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

/** The self-naming check for any maker: its kind's names, the service's own name and what its model id names. */
const namesItself = (side: TPairSideInfo, text: string | null) => namesItsKindsMaker(side.kind, text, [side.name, ...namesOfModel(side.model)]);

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
  /**
   * Draws the order, keeps it with the vote's row and answers the two texts unnamed. `chatGPT` is
   * side a (left) and `palmAPI` side b, for the spec's pair and a general pair alike.
   */
  async function hide(
    logId: string | null,
    sides: Record<ServiceKey, TServiceResult>,
    models: Record<ServiceKey, string | null>,
    selfNamed: Record<ServiceKey, boolean>,
    visitorId: string,
  ): Promise<TBlindComparisonResponse> {
    const answerA: ServiceKey = coin() === 0 ? 'chatGPT' : 'palmAPI';
    const order = blindOrder(answerA);
    const answers = { answerA: blindAnswer(sides[order.a]), answerB: blindAnswer(sides[order.b]) };
    // No record, so no hidden order to vote on later: the texts still reach the visitor, unnamed.
    if (logId === null) return { logId: null, ...answers, unsaved: true };
    await votes.create({ logId, visitorId, answerA, models, selfNamed });
    return { logId, ...answers };
  }

  return {
    async compare(request: TComparisonRequest, who: { visitorId: string; ip: string }): Promise<TBlindComparisonResponse> {
      const result = await comparison.compare(request, who);
      return hide(
        result.logId,
        { chatGPT: result.chatGPT, palmAPI: result.palmAPI },
        { chatGPT: result.chatGPT.model ?? null, palmAPI: result.palmAPI.model ?? null },
        { chatGPT: namesItsMaker('chatGPT', result.chatGPT.message), palmAPI: namesItsMaker('palmAPI', result.palmAPI.message) },
        who.visitorId,
      );
    },

    /** A general pair, planned at the edge (routes/comparison/pair-edge.ts), answered blind. */
    async comparePair(pair: PlannedPair, info: { a: TPairSideInfo; b: TPairSideInfo }, who: { visitorId: string; ip: string }): Promise<TBlindComparisonResponse> {
      const result = await comparison.comparePair(pair, info, who);
      return hide(
        result.logId,
        { chatGPT: result.a, palmAPI: result.b },
        { chatGPT: result.a.model ?? info.a.model, palmAPI: result.b.model ?? info.b.model },
        { chatGPT: namesItself(info.a, result.a.message), palmAPI: namesItself(info.b, result.b.message) },
        who.visitorId,
      );
    },

    /** Casts the vote once and reveals; 404 for a comparison that is not this visitor's blind one, 409 when already cast. */
    async vote(logId: string, visitorId: string, choice: TVoteChoice): Promise<TBlindReveal> {
      const pending = await votes.find(logId, visitorId);
      if (!pending) throw new ApiError('not_found', BLIND_TEXTS.notBlind);
      if (pending.choice !== null || !(await votes.cast(logId, visitorId, choice))) throw new ApiError('conflict', BLIND_TEXTS.alreadyVoted);
      const [row, cast] = await Promise.all([logs.findById(logId), votes.find(logId, visitorId)]);
      const vote = cast ? toVote(cast) : null;
      if (!row || !vote) throw new ApiError('not_found', BLIND_TEXTS.notBlind);
      const reveal = { logId, chatGPT: storedResult(row.chatgpt_data), palmAPI: storedResult(row.palm_data), vote };
      // Only a general pair records its models; the spec's pair is named by its keys.
      if (row.side_a_model === null || row.side_b_model === null) return reveal;
      const side = (service: string, kind: string, model: string): TPairSideInfo => ({ service, kind: kind as TServiceKind, name: serviceNames(service), model });
      return { ...reveal, sides: { a: side(row.side_a_service, row.side_a_kind, row.side_a_model), b: side(row.side_b_service, row.side_b_kind, row.side_b_model) } };
    },

    async scoreboard(visitorId: string): Promise<TScoreboard> {
      return tallyVotes(await votes.castBy(visitorId), serviceNames);
    },
  };
}
export type BlindService = ReturnType<typeof createBlindService>;
