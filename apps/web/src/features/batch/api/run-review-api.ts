import { batchItemsPath, batchItemVotePath, isSide, type TRunItem, type TRunItemsPage, type TVoteChoice } from '@promptpair/contract';
import { http } from '../../../lib/http.ts';
import { expectShape, isServiceResult } from '../../../lib/answer-guards.ts';

// A run's results view. Light shape checks, as for every answer the page reads.

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isBlindAnswer = (value: unknown) => isObject(value) && typeof value.failed === 'boolean' && (value.message === null || typeof value.message === 'string');

function isRunItem(value: unknown): value is TRunItem {
  if (!isObject(value) || typeof value.line !== 'number' || typeof value.prompt !== 'string') return false;
  switch (value.state) {
    case 'pending':
    case 'deleted':
      return true;
    case 'blind':
      return isBlindAnswer(value.answerA) && isBlindAnswer(value.answerB);
    case 'revealed':
      return isServiceResult(value.a) && isServiceResult(value.b) && isObject(value.vote) && isSide(value.vote.answerA);
    default:
      return false;
  }
}

const isRunItemsPage = (value: unknown): value is TRunItemsPage =>
  isObject(value) && typeof value.page === 'number' && typeof value.pages === 'number' && Array.isArray(value.items) && value.items.every(isRunItem);

/** A page of the run's prompts: each blind until voted on. */
export const getRunItems = (id: string, page: number, signal?: AbortSignal) =>
  http.get(batchItemsPath(id, page), { parse: expectShape(isRunItemsPage, 'run results'), ...(signal ? { signal } : {}) });

/** The vote on one prompt, answered with that prompt revealed. */
export const voteOnRunItem = (id: string, line: number, choice: TVoteChoice) =>
  http.post(batchItemVotePath(id, line), { choice }, { parse: expectShape(isRunItem, 'vote') });
