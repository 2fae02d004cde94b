// Blind comparisons and votes (docs/decisions.md, "Blind mode"). Before the vote the
// server answers only what cannot tell the services apart: two texts as "Answer A" and "Answer B"
// in an order it drew and keeps to itself. The vote returns everything, with the order.
import { z } from 'zod';
import { VOTE_CHOICES } from '../blind-texts.ts';
import { SIDES, SPEC_PAIR } from '../sides.ts';
import { ZServiceResult } from './comparison.ts';
import { ZFollowUpRequest } from './conversation.ts';
import { ZPairSideInfo } from './pair.ts';

export const ZVoteChoice = z.enum(VOTE_CHOICES, { error: `choice must be one of ${VOTE_CHOICES.join(', ')}.` });

/** One answer before the vote: its text, or that it failed. No model, metric, raw output or error text (they name the service). */
export const ZBlindAnswer = z.object({
  message: z.string().nullable(),
  failed: z.boolean(),
});
export type TBlindAnswer = z.infer<typeof ZBlindAnswer>;

/** POST /api/blind-comparisons: the same body as a comparison; this answer. */
export const ZBlindComparisonResponse = z.object({
  /** Null when the record could not be written: then `unsaved` is true and there is nothing to vote on. */
  logId: z.string().nullable(),
  answerA: ZBlindAnswer,
  answerB: ZBlindAnswer,
  unsaved: z.literal(true).optional(),
  /** A general pair's blind turn names its conversation (first turn's log id) and number; the order stays hidden for all its turns. */
  conversationId: z.string().optional(),
  turn: z.number().int().optional(),
});
export type TBlindComparisonResponse = z.infer<typeof ZBlindComparisonResponse>;
/** A blind comparison whose record (and hidden order) was written: what every answer is while the database works. */
export type TSavedBlindComparison = TBlindComparisonResponse & { logId: string };

export const ZVoteRequest = z.object({ choice: ZVoteChoice });
export type TVoteRequest = z.infer<typeof ZVoteRequest>;

/**
 * The side shown as "Answer A": `a` (left) or `b` (right), whatever service it ran on; the record's
 * `sides` name its service and model (docs/decisions.md, "Blind mode").
 */
export const ZBlindAnswerA = z.enum(SIDES);

/** Per side (a left, b right): whether its answer named its own service or maker. */
const ZSelfNamed = z.object({ a: z.boolean(), b: z.boolean() });

/** Both sides' results, revealed: side a's under `a`, side b's under `b`, whatever service each ran on. */
export const ZRevealedResults = z.object({ a: ZServiceResult, b: ZServiceResult });

/** A vote as it is kept and shown: which side was A, the choice, and the self-naming flags. */
export const ZVote = z.object({
  answerA: ZBlindAnswerA,
  choice: ZVoteChoice,
  /** An answer named its own service or maker, so the visitor may have known which was which. */
  possiblyUnblinded: z.boolean(),
  selfNamed: ZSelfNamed,
  votedAt: z.string(),
});
export type TVote = z.infer<typeof ZVote>;

/**
 * POST /api/blind-comparisons/:logId/vote answers the reveal: both results by side, and the vote
 * (`answerA` names the side shown as Answer A). For a general pair `sides` names each side's service
 * and model; the spec's pair has no `sides`.
 */
const ZRevealedSides = z.object({ a: ZPairSideInfo, b: ZPairSideInfo });

/** One turn of a blind conversation, revealed: its prompt and both results by side. */
export const ZBlindConversationTurn = z.object({
  logId: z.string(),
  turn: z.number().int(),
  prompt: z.string(),
  ...ZRevealedResults.shape,
});
export type TBlindConversationTurn = z.infer<typeof ZBlindConversationTurn>;

/**
 * A blind conversation revealed, by a vote on one of its turns or by its end without one
 * (POST /api/blind-conversations/:conversationId/end): the one order of every turn, the
 * self-naming flags over every turn, and each turn named.
 */
export const ZBlindConversationReveal = z.object({
  conversationId: z.string(),
  answerA: ZBlindAnswerA,
  selfNamed: ZSelfNamed,
  possiblyUnblinded: z.boolean(),
  /** Null when it was ended without a vote. */
  vote: ZVote.nullable(),
  votedTurn: z.number().int().nullable(),
  /** Each side's service and model; none for the spec's body (ChatGPT on side a, Palm API on b). */
  sides: ZRevealedSides.optional(),
  turns: z.array(ZBlindConversationTurn),
});
export type TBlindConversationReveal = z.infer<typeof ZBlindConversationReveal>;

export const ZBlindConversationParams = z.object({ conversationId: ZFollowUpRequest.shape.conversationId });

export const ZBlindReveal = z.object({
  logId: z.string(),
  ...ZRevealedResults.shape,
  vote: ZVote,
  sides: ZRevealedSides.optional(),
  /** The vote was on a turn of a conversation: every turn, revealed. */
  conversation: ZBlindConversationReveal.optional(),
});
export type TBlindReveal = z.infer<typeof ZBlindReveal>;

/** One contender's votes (a service, or a model of a pair): "both bad" is counted apart from losses. */
export const ZTally = z.object({ wins: z.number().int(), losses: z.number().int(), ties: z.number().int(), bothBad: z.number().int() });
export type TTally = z.infer<typeof ZTally>;

/** One model pair of the spec's pair: each side's model, and each side's votes. */
export const ZPairTally = z.object({
  models: z.object({ a: z.string(), b: z.string() }),
  a: ZTally,
  b: ZTally,
});
export type TPairTally = z.infer<typeof ZPairTally>;

/**
 * One model's votes across every pair it was in (service + model), and its Bradley–Terry rating
 * (docs/decisions.md, "Per-model scoreboard"); null below MIN_VOTES_FOR_RATING votes.
 */
export const ZModelStanding = z.object({
  serviceId: z.string(),
  serviceName: z.string(),
  model: z.string(),
  /** How a person reads it: "ChatGPT · gpt-5-mini". */
  label: z.string(),
  votes: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  ties: z.number().int(),
  bothBad: z.number().int(),
  rating: z.number().nullable(),
});
export type TModelStanding = z.infer<typeof ZModelStanding>;

export const ZScoreboardSection = z.object({
  /** Every vote; `byService` (by service id) and `byModelPair` (by side) count only the spec's pair (ChatGPT a, Palm API b). */
  votes: z.number().int(),
  possiblyUnblinded: z.number().int(),
  byService: z.object({ [SPEC_PAIR.a.service]: ZTally, [SPEC_PAIR.b.service]: ZTally }),
  byModelPair: z.array(ZPairTally),
  /** Ranked: rated models by rating, then the rest by votes. */
  models: z.array(ZModelStanding),
});
export type TScoreboardSection = z.infer<typeof ZScoreboardSection>;

/** GET /api/votes/scoreboard: the visitor's own votes, over all comparisons and per prompt-list run. */
export const ZScoreboard = z.object({
  overall: ZScoreboardSection,
  runs: z.array(ZScoreboardSection.extend({ runId: z.string(), filename: z.string(), createdAt: z.string() })),
});
export type TScoreboard = z.infer<typeof ZScoreboard>;

