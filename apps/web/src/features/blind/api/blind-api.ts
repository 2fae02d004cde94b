import {
  API_ROUTES,
  blindVotePath,
  type TBlindComparisonResponse,
  type TBlindReveal,
  type TComparisonRequestInput,
  type TPairRequestInput,
  type TVoteChoice,
  isSide,
} from '@promptpair/contract';
import { http } from '../../../lib/http.ts';
import { expectShape, isSavedOrUnsaved, isServiceResult } from '../../../lib/answer-guards.ts';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isBlindAnswer = (value: unknown) => isObject(value) && typeof value.failed === 'boolean' && (value.message === null || typeof value.message === 'string');

export const isBlindComparison = (value: unknown): value is TBlindComparisonResponse =>
  isObject(value) && isSavedOrUnsaved(value) && isBlindAnswer(value.answerA) && isBlindAnswer(value.answerB);

const isReveal = (value: unknown): value is TBlindReveal =>
  isObject(value) &&
  isServiceResult(value.a) &&
  isServiceResult(value.b) &&
  isObject(value.vote) &&
  isSide(value.vote.answerA) &&
  (value.conversation === undefined || isObject(value.conversation));

/** POST /api/blind-comparisons (the spec's body or a general pair): both answers as "Answer A" and "Answer B", nothing else. */
export const startBlindComparison = (request: TComparisonRequestInput | TPairRequestInput) =>
  http.post(API_ROUTES.blindComparison, request, { parse: expectShape(isBlindComparison, 'blind comparison') });

/** POST /api/blind-comparisons/:logId/vote: the vote, answered with everything that was hidden (every turn of a conversation). */
export const castVote = (logId: string, choice: TVoteChoice) => http.post(blindVotePath(logId), { choice }, { parse: expectShape(isReveal, 'vote') });
