import { z } from 'zod';
import { BATCH_LIMITS, BATCH_RESULT_FORMATS, BATCH_STATUSES } from '../batch-constants.ts';
import { ZBardSettings, ZChatGptSettings } from './comparison.ts';

// Prompt-list run shapes (issue #5); their limits, routes and texts are in batch-constants.ts.

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
});
export type TBatchJob = z.infer<typeof ZBatchJob>;

/** GET /api/batch/latest: the visitor's newest run, so a reloaded page finds it again. */
export const ZLatestBatch = z.object({ job: ZBatchJob.nullable() });
export type TLatestBatch = z.infer<typeof ZLatestBatch>;

export const ZBatchResultsQuery = z.object({
  format: z.enum(BATCH_RESULT_FORMATS, { error: `format must be one of ${BATCH_RESULT_FORMATS.join(', ')}.` }).default('csv'),
});

const ZCostTotal = z.object({ total: z.number(), unknown: z.number().int() });
const ZWins = z.object({ chatGPT: z.number().int(), palmAPI: z.number().int(), ties: z.number().int(), undecided: z.number().int() });

/**
 * GET /api/batch/:id/summary: over the finished prompts so far, each service's total cost (answers
 * without a known price counted apart), median seconds, and how often each finished first and
 * cost less. `undecided` counts prompts the comparison could not settle (a side failed, a price unknown).
 */
export const ZBatchSummary = z.object({
  prompts: z.number().int(),
  cost: z.object({ chatGPT: ZCostTotal, palmAPI: ZCostTotal }),
  medianSeconds: z.object({ chatGPT: z.number().nullable(), palmAPI: z.number().nullable() }),
  faster: ZWins,
  cheaper: ZWins,
});
export type TBatchSummary = z.infer<typeof ZBatchSummary>;
