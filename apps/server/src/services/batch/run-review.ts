// A run's results view (docs/decisions.md, "Prompt-list runs: the results view and votes"): each
// prompt blind until the visitor votes on it, by the same rule as a blind comparison; the vote
// reveals it and counts in the scoreboard as a vote of that run.
import { randomInt } from 'node:crypto';
import {
  BATCH_LIMITS,
  BATCH_MESSAGES,
  blindOrder,
  type Side,
  type TRunItem,
  type TRunItemsPage,
  type TVoteChoice,
} from '@promptpair/contract';
import type { BatchItemsRepository } from '../../db/repositories/batch-items.ts';
import type { BatchJobsRepository } from '../../db/repositories/batch-jobs.ts';
import { joinedVote, type VotesRepository } from '../../db/repositories/votes.ts';
import { sidesOf } from '../../db/repositories/side-columns.ts';
import { ApiError } from '../../lib/api-error.ts';
import { blindAnswer, selfNamedBySide, storedResult } from '../blind.ts';
import type { ServiceNames } from '../scoreboard.ts';

export interface RunReviewDeps {
  jobs: BatchJobsRepository;
  items: BatchItemsRepository;
  votes: VotesRepository;
  /** Display names of services by id: a side's answer naming its own service marks the vote. */
  serviceNames: ServiceNames;
  /** 0 or 1; crypto's by default, so no order can be predicted from the others. */
  coin?: () => number;
}

type ViewRow = Awaited<ReturnType<BatchItemsRepository['viewRange']>>[number];

/** One prompt as the view may show it: the order is only needed, and only drawn, for a finished prompt not yet voted on. */
function toRunItem(row: ViewRow, shownA: Side | null): TRunItem {
  const base = { line: row.idx + 1, prompt: row.prompt };
  if (row.status === 'pending') return { ...base, state: 'pending' };
  if (row.side_a_data === null || row.side_b_data === null) return { ...base, state: 'deleted' };
  const results = { a: storedResult(row.side_a_data), b: storedResult(row.side_b_data) };
  const vote = joinedVote(row);
  if (vote) return { ...base, state: 'revealed', ...results, vote };
  const order = blindOrder(shownA ?? 'a');
  return { ...base, state: 'blind', answerA: blindAnswer(results[order.a]), answerB: blindAnswer(results[order.b]) };
}

const needsOrder = (row: ViewRow) => row.status !== 'pending' && row.side_a_data !== null && row.choice === null;

export function createRunReviewService({ jobs, items, votes, serviceNames, coin = () => randomInt(2) }: RunReviewDeps) {
  const draw = (): Side => (coin() === 0 ? 'a' : 'b');

  async function ownedJob(visitorId: string, id: string) {
    const job = await jobs.findOwned(id, visitorId);
    if (!job) throw new ApiError('not_found', BATCH_MESSAGES.notFound);
    return job;
  }

  /** The order of a row that needs one: the kept one, or one drawn now and kept. */
  const orderOf = async (jobId: string, row: ViewRow) =>
    needsOrder(row) ? ((row.shown_a as Side | null) ?? (await items.shownOrder(jobId, row.idx, draw))) : null;

  return {
    /** A page of the run's prompts in list order; a page past the last is empty. */
    async page(visitorId: string, id: string, page: number): Promise<TRunItemsPage> {
      const job = await ownedJob(visitorId, id);
      const size = BATCH_LIMITS.resultsPageSize;
      const rows = await items.viewRange(id, (page - 1) * size, page * size);
      const shown = await Promise.all(rows.map((row) => orderOf(id, row)));
      return { page, pages: Math.max(1, Math.ceil(job.total / size)), total: job.total, items: rows.map((row, i) => toRunItem(row, shown[i] ?? null)) };
    },

    /** Casts the vote on one prompt once and answers it revealed; 404 for another visitor's run, 409 when it cannot be voted on (again). */
    async vote(visitorId: string, id: string, line: number, choice: TVoteChoice): Promise<TRunItem> {
      const job = await ownedJob(visitorId, id);
      const [row] = await items.viewRange(id, line - 1, line);
      if (!row) throw new ApiError('not_found', BATCH_MESSAGES.noSuchLine);
      if (row.status === 'pending') throw new ApiError('conflict', BATCH_MESSAGES.lineNotFinished);
      if (row.side_a_data === null || row.side_b_data === null) throw new ApiError('conflict', BATCH_MESSAGES.lineDeleted);
      const answerA = (await orderOf(id, row)) ?? (row.answer_a as Side);
      const results = { a: storedResult(row.side_a_data), b: storedResult(row.side_b_data) };
      const cast = await votes.castWithOrder(
        {
          logId: row.log_id,
          visitorId,
          answerA,
          models: { a: results.a.model ?? null, b: results.b.model ?? null },
          // Checked against the makers the run's own sides ran on, whichever pair it is.
          selfNamed: selfNamedBySide(sidesOf(job), results, serviceNames),
        },
        choice,
      );
      if (!cast) throw new ApiError('conflict', BATCH_MESSAGES.alreadyVoted);
      const [after] = await items.viewRange(id, line - 1, line);
      if (!after) throw new ApiError('not_found', BATCH_MESSAGES.noSuchLine);
      return toRunItem(after, null);
    },
  };
}
export type RunReviewService = ReturnType<typeof createRunReviewService>;
