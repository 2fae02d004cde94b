// Blind comparisons (docs/decisions.md, "Blind mode", "Blind conversations"): the server draws the
// order, keeps it for every turn of a conversation, and answers only the two texts until the
// visitor votes on a turn or ends the conversation; either answers everything.
import { randomInt } from 'node:crypto';
import {
  BLIND_CONVERSATION_MESSAGES,
  BLIND_TEXTS,
  blindOrder,
  bySides,
  namesItsKindsMaker,
  namesOfModel,
  parseLogSide,
  SPEC_LOG_SIDES,
  type TBlindAnswer,
  type TBlindComparisonResponse,
  type TBlindConversationReveal,
  type TFollowUpRequest,
  type TBlindReveal,
  type TComparisonRequest,
  type TPairSideInfo,
  type Side,
  type TServiceKind,
  type TScoreboard,
  type TServiceResult,
  type TVoteChoice,
  turnChoiceOf,
} from '@promptpair/contract';
import type { LogsRepository } from '../db/repositories/logs.ts';
import { sidesOf, type LogSide, type LogSides, type SideColumns } from '../db/repositories/side-columns.ts';
import { toVote, type VoteRow, type VotesRepository } from '../db/repositories/votes.ts';
import { ApiError } from '../lib/api-error.ts';
import type { ComparisonService, ConversationTurn, PlannedPair } from './comparison.ts';
import { historyChars, type ConversationLimits, type ConversationSoFar } from './conversations.ts';
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
const namesItself = (side: Pick<TPairSideInfo, 'kind' | 'name'> & { model: string | null }, text: string | null) =>
  namesItsKindsMaker(side.kind, text, [side.name, ...(side.model === null ? [] : namesOfModel(side.model))]);

/** Whether each side's answer names its own maker, by what the side ran on as its record keeps it. */
export const selfNamedBySide = (sides: LogSides, results: Record<Side, TServiceResult>, serviceNames: ServiceNames): Record<Side, boolean> =>
  bySides((side) => {
    const { service, kind, model } = sides[side];
    return namesItself({ kind: kind as TServiceKind, name: serviceNames(service), model: results[side].model ?? model }, results[side].message);
  });

export interface BlindDeps {
  comparison: ComparisonService;
  logs: LogsRepository;
  votes: VotesRepository;
  /** Display names of services by id, for the scoreboard's models. */
  serviceNames: ServiceNames;
  /** 0 or 1; crypto's by default, so the order cannot be predicted from earlier ones. */
  coin?: () => number;
}

type BySide<T> = Record<Side, T>;

export function createBlindService({ comparison, logs, votes, serviceNames, coin = () => randomInt(2) }: BlindDeps) {
  /**
   * Keeps the order (the side shown as Answer A) with the vote's row and answers the two texts
   * unnamed, for the spec's pair and a general pair alike. A first turn draws the order; every
   * later turn of its conversation keeps it.
   */
  async function hide(
    result: { logId: string | null; conversation?: ConversationTurn | undefined },
    sides: BySide<TServiceResult>,
    models: BySide<string | null>,
    selfNamed: BySide<boolean>,
    visitorId: string,
    answerA: Side = coin() === 0 ? 'a' : 'b',
  ): Promise<TBlindComparisonResponse> {
    const order = blindOrder(answerA);
    const answers = { answerA: blindAnswer(sides[order.a]), answerB: blindAnswer(sides[order.b]) };
    const { logId, conversation } = result;
    // No record, so no hidden order to vote on later: the texts still reach the visitor, unnamed.
    if (logId === null) return { logId: null, ...answers, unsaved: true };
    await votes.create({ logId, visitorId, answerA, models, selfNamed, conversationId: conversation?.conversationId });
    return { logId, ...answers, ...(conversation ? { conversationId: conversation.conversationId, turn: conversation.turn } : {}) };
  }

  /** A general pair's blind turn: the texts, the self-naming check by each side's maker. */
  async function hidePair(pair: PlannedPair, info: { a: TPairSideInfo; b: TPairSideInfo }, who: { visitorId: string; ip: string }, answerA?: Side) {
    const result = await comparison.comparePair(pair, info, who);
    return hide(
      { logId: result.logId, conversation: result.conversationId !== undefined && result.turn !== undefined ? { conversationId: result.conversationId, turn: result.turn } : undefined },
      { a: result.a, b: result.b },
      { a: result.a.model ?? info.a.model, b: result.b.model ?? info.b.model },
      { a: namesItself(info.a, result.a.message), b: namesItself(info.b, result.b.message) },
      who.visitorId,
      answerA,
    );
  }

  /** A turn's row of the visitor's blind conversation, which holds its order and reveal (404 for any other id). */
  async function blindTurn(conversationId: string, visitorId: string): Promise<VoteRow> {
    const row = await votes.ofConversation(conversationId, visitorId);
    if (!row) throw new ApiError('not_found', BLIND_CONVERSATION_MESSAGES.notBlind);
    return row;
  }

  /** Each side named by the log's record; none for the spec's body, which records no model. */
  function revealedSides(row: SideColumns): { a: TPairSideInfo; b: TPairSideInfo } | undefined {
    const { a, b } = sidesOf(row);
    if (a.model === null || b.model === null) return undefined;
    const side = ({ service, kind }: LogSide, model: string): TPairSideInfo => ({ service, kind: kind as TServiceKind, name: serviceNames(service), model });
    return { a: side(a, a.model), b: side(b, b.model) };
  }

  /** Every turn of a revealed conversation, named, with the vote if one was cast. */
  async function revealConversation(conversationId: string, visitorId: string): Promise<TBlindConversationReveal> {
    const rows = await votes.conversationTurns(conversationId, visitorId);
    const first = rows[0];
    if (!first) throw new ApiError('not_found', BLIND_CONVERSATION_MESSAGES.notBlind);
    const voted = rows.find((row) => row.choice !== null);
    const vote = voted ? toVote(voted) : null;
    // Before a vote the flags are those of every turn; a vote carries them already.
    const selfNamed = vote?.selfNamed ?? { a: rows.some((row) => row.side_a_self_named === 1), b: rows.some((row) => row.side_b_self_named === 1) };
    const sides = revealedSides(first);
    return {
      conversationId,
      answerA: first.answer_a as Side,
      selfNamed,
      possiblyUnblinded: selfNamed.a || selfNamed.b,
      vote,
      votedTurn: voted?.turn ?? null,
      ...(sides ? { sides } : {}),
      turns: rows.map((row) => ({ logId: row.log_id, turn: row.turn ?? 1, prompt: row.prompt_message, a: storedResult(row.side_a_data), b: storedResult(row.side_b_data) })),
    };
  }

  return {
    async compare(request: TComparisonRequest, who: { visitorId: string; ip: string }): Promise<TBlindComparisonResponse> {
      // On the page a comparison starts a conversation; blind, it goes on blind.
      const result = await comparison.compare(request, who, undefined, true);
      return hide(
        { logId: result.logId, conversation: result.conversationId !== undefined && result.turn !== undefined ? { conversationId: result.conversationId, turn: result.turn } : undefined },
        { a: result.chatGPT, b: result.palmAPI },
        { a: result.chatGPT.model ?? null, b: result.palmAPI.model ?? null },
        selfNamedBySide(SPEC_LOG_SIDES, { a: result.chatGPT, b: result.palmAPI }, serviceNames),
        who.visitorId,
      );
    },

    /** A general pair, planned at the edge (routes/comparison/pair-edge.ts), answered blind: the first turn of a blind conversation. */
    async comparePair(pair: PlannedPair, info: { a: TPairSideInfo; b: TPairSideInfo }, who: { visitorId: string; ip: string }): Promise<TBlindComparisonResponse> {
      return hidePair({ ...pair, conversation: 'start' }, info, who);
    },

    /**
     * Before a blind follow-up is planned: the conversation is the visitor's, still blind, asked on
     * both sides, and within each side's length (worded by its hidden label, not its side). Answers
     * the order every turn keeps.
     */
    async admitFollowUp(request: TFollowUpRequest, soFar: ConversationSoFar, visitorId: string, limits: ConversationLimits): Promise<Side> {
      const row = await blindTurn(soFar.id, visitorId);
      if (row.revealed_at !== null) throw new ApiError('conflict', BLIND_CONVERSATION_MESSAGES.ended);
      const choice = turnChoiceOf(request);
      if (choice) throw new ApiError('validation_failed', BLIND_CONVERSATION_MESSAGES.bothSides, { [choice.kind]: [BLIND_CONVERSATION_MESSAGES.bothSides] });
      const answerA = row.answer_a as Side;
      const order = blindOrder(answerA);
      for (const [label, shown] of [[BLIND_TEXTS.answerA, order.a], [BLIND_TEXTS.answerB, order.b]] as const) {
        const side = soFar[shown];
        if (historyChars(side.settings, side.exchanges, request.prompt ?? '') > limits.maxHistoryChars) {
          const message = BLIND_CONVERSATION_MESSAGES.tooLong(label, limits.maxHistoryChars);
          throw new ApiError('validation_failed', message, { prompt: [message] });
        }
      }
      return answerA;
    },

    /** The next turn of a blind conversation, planned like an open follow-up, answered in the order its first turn drew. */
    async followUp(pair: PlannedPair, info: { a: TPairSideInfo; b: TPairSideInfo }, answerA: Side, who: { visitorId: string; ip: string }): Promise<TBlindComparisonResponse> {
      return hidePair(pair, info, who, answerA);
    },

    /** The open follow-up refuses a conversation still blind: its answer would name both sides. */
    async refuseWhileBlind(conversationId: string, visitorId: string): Promise<void> {
      const row = await votes.ofConversation(conversationId, visitorId);
      if (row && row.revealed_at === null) throw new ApiError('conflict', BLIND_CONVERSATION_MESSAGES.pending);
    },

    /** Ends a blind conversation without a vote and reveals it; ending one already revealed answers the same reveal. */
    async end(conversationId: string, visitorId: string): Promise<TBlindConversationReveal> {
      await blindTurn(conversationId, visitorId);
      await votes.revealConversation(conversationId, visitorId);
      return revealConversation(conversationId, visitorId);
    },

    /** Casts the vote once and reveals; 404 for a comparison that is not this visitor's blind one, 409 when already cast. */
    async vote(logId: string, visitorId: string, choice: TVoteChoice): Promise<TBlindReveal> {
      const pending = await votes.find(logId, visitorId);
      if (!pending) throw new ApiError('not_found', BLIND_TEXTS.notBlind);
      const conversationId = pending.conversation_id;
      if (conversationId !== null) {
        // Once per conversation: the vote on any turn reveals every turn and counts at that turn.
        const claim = await votes.revealConversation(conversationId, visitorId, { logId, choice });
        if (claim === 'ended') throw new ApiError('conflict', BLIND_CONVERSATION_MESSAGES.endedWithoutVote);
        // The same comparison again says so as it always has; another turn of it names the conversation.
        if (claim === 'voted') throw new ApiError('conflict', pending.choice !== null ? BLIND_TEXTS.alreadyVoted : BLIND_CONVERSATION_MESSAGES.alreadyVoted);
      } else if (pending.choice !== null || !(await votes.cast(logId, visitorId, choice))) throw new ApiError('conflict', BLIND_TEXTS.alreadyVoted);
      const [row, cast] = await Promise.all([logs.findById(logId), votes.find(logId, visitorId)]);
      const vote = cast ? toVote(cast) : null;
      if (!row || !vote) throw new ApiError('not_found', BLIND_TEXTS.notBlind);
      const reveal = { logId, a: storedResult(row.side_a_data), b: storedResult(row.side_b_data), vote };
      const conversation = conversationId !== null ? await revealConversation(conversationId, visitorId) : undefined;
      // Only a general pair records its models; the spec's body names none, on every turn.
      const sides = conversation ? conversation.sides : revealedSides(row);
      return { ...reveal, ...(sides ? { sides } : {}), ...(conversation ? { conversation } : {}) };
    },

    async scoreboard(visitorId: string): Promise<TScoreboard> {
      return tallyVotes(await votes.castBy(visitorId), serviceNames);
    },
  };
}
export type BlindService = ReturnType<typeof createBlindService>;
