import { z } from 'zod';
import { BATCH_LIMITS, BATCH_RESULT_FORMATS, BATCH_STATUSES } from '../batch-constants.ts';
import { ZBlindAnswer, ZRevealedResults, ZVote } from './blind.ts';
import { ZBardSettings, ZChatGptSettings } from './comparison.ts';
import { ZPairSide, ZPairSideInfo } from './pair.ts';

// Prompt-list run shapes; their limits, routes and texts are in batch-constants.ts.

/** One side of a run on any pair: a general pair's side without key or 'log output' (a run logs both). */
export const ZRunSide = ZPairSide.omit({ apiKey: true, logOutput: true });
export type TRunSide = z.infer<typeof ZRunSide>;

/** POST /api/batch: the file's text, and the page's settings at upload time (keys are the saved ones). */
export const ZBatchUpload = z.object({
  filename: z
    .string({ error: 'The file name is required.' })
    .trim()
    .min(1, { error: 'The file name is required.' })
    .max(BATCH_LIMITS.fileNameMaxChars, { error: 'The file name is too long.' }),
  content: z.string({ error: 'The file content is required.' }),
  chatGPT: ZChatGptSettings.optional(),
  bardAPI: ZBardSettings.optional(),
  /**
   * A run on any pair (docs/decisions.md, "Any service on either side"): each side's service, model,
   * settings and opening messages, as a general comparison takes them; it runs on the saved keys, so
   * a side names no key. Without it the run is the spec's pair, with `chatGPT` and `bardAPI`.
   */
  sides: z
    .object({ a: ZRunSide, b: ZRunSide }, { error: 'sides must hold side a and side b.' })
    .optional(),
});
export type TBatchUpload = z.infer<typeof ZBatchUpload>;
export type TBatchUploadInput = z.input<typeof ZBatchUpload>;

/**
 * A run and its progress. `done` answered on both sides; `failed` finished with an error on at
 * least one side (its record still exists); `pending` has not finished yet.
 */
export const ZBatchJob = z.object({
  id: z.string(),
  filename: z.string(),
  status: z.enum(BATCH_STATUSES),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  elapsedSeconds: z.number(),
  /** Null until the current run has finished a prompt to measure its pace by. */
  etaSeconds: z.number().nullable(),
  error: z.string().nullable(),
  /** Which service and model each side runs on, for a run on a pair other than the spec's; absent for the spec's pair. */
  sides: z.object({ a: ZPairSideInfo, b: ZPairSideInfo }).optional(),
});
export type TBatchJob = z.infer<typeof ZBatchJob>;

/** GET /api/batch/latest: the visitor's newest run, so a reloaded page finds it again. */
export const ZLatestBatch = z.object({ job: ZBatchJob.nullable() });
export type TLatestBatch = z.infer<typeof ZLatestBatch>;

export const ZBatchResultsQuery = z.object({
  format: z.enum(BATCH_RESULT_FORMATS, { error: `format must be one of ${BATCH_RESULT_FORMATS.join(', ')}.` }).default('csv'),
});

const ZCostTotal = z.object({ total: z.number(), unknown: z.number().int() });
const ZWins = z.object({ a: z.number().int(), b: z.number().int(), ties: z.number().int(), undecided: z.number().int() });

/**
 * GET /api/batch/:id/summary, by side (`a` left, `b` right): over the finished prompts so far, each side's total cost (answers
 * without a known price counted apart), median seconds, and how often each finished first and
 * cost less. `undecided` counts prompts the comparison could not settle (a side failed, a price unknown).
 */
export const ZBatchSummary = z.object({
  prompts: z.number().int(),
  cost: z.object({ a: ZCostTotal, b: ZCostTotal }),
  medianSeconds: z.object({ a: z.number().nullable(), b: z.number().nullable() }),
  faster: ZWins,
  cheaper: ZWins,
});
export type TBatchSummary = z.infer<typeof ZBatchSummary>;

/** GET /api/batch/:id/items?page=: which page of the run's prompts, 1 first. */
export const ZRunItemsQuery = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1.' })
    .int({ error: 'page must be a whole number from 1.' })
    .min(1, { error: 'page must be a whole number from 1.' })
    .max(Math.ceil(BATCH_LIMITS.maxPrompts / BATCH_LIMITS.resultsPageSize), { error: 'page is past the last page a run can have.' })
    .default(1),
});
export type TRunItemsQuery = z.infer<typeof ZRunItemsQuery>;

/** A run's id; any text is well formed, and one that names no run of this visitor is 404. */
export const ZRunParams = z.object({
  id: z.string().min(1, { error: 'The run id is required.' }).max(100, { error: 'That is not the id of a run (at most 100 characters).' }),
});

/** POST /api/batch/:id/items/:line/vote: the prompt's line in the list, 1 first. */
export const ZRunItemParams = ZRunParams.extend({
  line: z.coerce
    .number({ error: 'line must be the number of a prompt in the list.' })
    .int({ error: 'line must be the number of a prompt in the list.' })
    .min(1, { error: 'line must be the number of a prompt in the list.' })
    .max(BATCH_LIMITS.maxPrompts, { error: `line must be at most ${BATCH_LIMITS.maxPrompts}.` }),
});

const ZRunItemBase = z.object({ line: z.number().int(), prompt: z.string() });

/**
 * One prompt of the results view. Before its vote a finished prompt is `blind`: the two texts as
 * "Answer A" and "Answer B" in an order the server drew and keeps, and nothing else (the same rule
 * as a blind comparison). After the vote it is `revealed`: both results by side, named, and the vote.
 */
export const ZRunItem = z.discriminatedUnion('state', [
  ZRunItemBase.extend({ state: z.literal('pending') }),
  ZRunItemBase.extend({ state: z.literal('deleted') }),
  ZRunItemBase.extend({ state: z.literal('blind'), answerA: ZBlindAnswer, answerB: ZBlindAnswer }),
  ZRunItemBase.extend({ state: z.literal('revealed'), ...ZRevealedResults.shape, vote: ZVote }),
]);
export type TRunItem = z.infer<typeof ZRunItem>;

/** GET /api/batch/:id/items: a page of the run's prompts in list order, finished or not. */
export const ZRunItemsPage = z.object({
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  items: z.array(ZRunItem),
});
export type TRunItemsPage = z.infer<typeof ZRunItemsPage>;
