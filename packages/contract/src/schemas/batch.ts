import { z } from 'zod';
import { ZBardSettings, ZChatGptSettings } from './comparison.ts';

/**
 * Prompt-list runs for subscribers (issue #5, SPEC §2 modal 6 "an unlimited amount of prompts,
 * submitted automatically"). The spec shows none of this; the shapes are ours.
 */
export const BATCH_LIMITS = {
  maxPrompts: 10_000,
  /** The upload's JSON body: 10,000 prompts of about 1,500 characters each. */
  uploadMaxBytes: 16 * 1024 * 1024,
  fileNameMaxChars: 200,
  /** How often an open page asks for progress. */
  pollMs: 1000,
} as const;

export const BATCH_FILE_EXTENSIONS = ['.txt', '.csv', '.jsonl'] as const;

export const BATCH_ROUTES = {
  upload: '/api/batch',
  latest: '/api/batch/latest',
  job: '/api/batch/:id',
  cancel: '/api/batch/:id/cancel',
  results: '/api/batch/:id/results',
} as const;

export const BATCH_RESULT_FORMATS = ['csv', 'jsonl'] as const;
export type BatchResultFormat = (typeof BATCH_RESULT_FORMATS)[number];

export const batchJobPath = (id: string) => `/api/batch/${encodeURIComponent(id)}`;
export const batchCancelPath = (id: string) => `${batchJobPath(id)}/cancel`;
export const batchResultsPath = (id: string, format: BatchResultFormat) => `${batchJobPath(id)}/results?format=${format}`;

/** Texts both sides show about runs; the upload's line-by-line problems are built by the server. */
export const BATCH_MESSAGES = {
  subscriptionRequired: 'Prompt lists run for subscribers only. Save your API keys and email in Upload Prompt List first.',
  alreadyRunning: 'A prompt list is still running. Cancel it or wait until it finishes before uploading another.',
  notFound: 'This prompt list run does not exist.',
  keysGone: 'The saved API keys of this subscription are no longer available.',
} as const;

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

export const BATCH_STATUSES = ['running', 'completed', 'cancelled', 'failed'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

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
