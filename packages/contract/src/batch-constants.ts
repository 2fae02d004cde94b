/**
 * Prompt-list runs for subscribers (docs/product.md §2 modal 6 "an unlimited amount of prompts,
 * submitted automatically"). The spec shows none of this; these are ours. Kept apart from the
 * zod schemas so the page's first bundle can read them without pulling in zod.
 */
export const BATCH_LIMITS = {
  maxPrompts: 10_000,
  /** The upload's JSON body: 10,000 prompts of about 1,500 characters each. */
  uploadMaxBytes: 16 * 1024 * 1024,
  fileNameMaxChars: 200,
  /** How often an open page asks for progress. */
  pollMs: 1000,
  /** Prompts per page of a run's results view. */
  resultsPageSize: 10,
} as const;

export const BATCH_FILE_EXTENSIONS = ['.txt', '.csv', '.jsonl'] as const;

export const BATCH_ROUTES = {
  upload: '/api/batch',
  latest: '/api/batch/latest',
  job: '/api/batch/:id',
  cancel: '/api/batch/:id/cancel',
  results: '/api/batch/:id/results',
  /** Costs, times and verdicts of a run's finished prompts. */
  summary: '/api/batch/:id/summary',
  /** A page of a run's prompts for the results view, blind until each is voted on. */
  items: '/api/batch/:id/items',
  itemVote: '/api/batch/:id/items/:line/vote',
} as const;

export const BATCH_RESULT_FORMATS = ['csv', 'jsonl'] as const;
export type BatchResultFormat = (typeof BATCH_RESULT_FORMATS)[number];

export const batchJobPath = (id: string) => `/api/batch/${encodeURIComponent(id)}`;
export const batchSummaryPath = (id: string) => `/api/batch/${encodeURIComponent(id)}/summary`;
export const batchCancelPath = (id: string) => `${batchJobPath(id)}/cancel`;
export const batchResultsPath = (id: string, format: BatchResultFormat) => `${batchJobPath(id)}/results?format=${format}`;
export const batchItemsPath = (id: string, page: number) => `${batchJobPath(id)}/items?page=${page}`;
export const batchItemVotePath = (id: string, line: number) => `${batchJobPath(id)}/items/${line}/vote`;
/** The page of a run's results, prompt by prompt. */
export const runResultsPagePath = (id: string) => `/runs/${encodeURIComponent(id)}`;

/** Texts both sides show about runs; the upload's line-by-line problems are built by the server. */
export const BATCH_MESSAGES = {
  subscriptionRequired: 'Prompt lists run for subscribers only. Save your API keys and email in Upload Prompt List first.',
  alreadyRunning: 'A prompt list is still running. Cancel it or wait until it finishes before uploading another.',
  notFound: 'This prompt list run does not exist.',
  keysGone: 'The saved API keys of this subscription are no longer available.',
  noSuchLine: 'This run has no prompt on that line.',
  lineNotFinished: 'This prompt has not been answered yet. Vote once both answers are in.',
  lineDeleted: 'This prompt’s comparison was deleted, so there is nothing to vote on.',
  alreadyVoted: 'You have already voted on this prompt.',
  /** A run on any pair runs on the saved keys only: a side on a service without one is refused at upload. */
  noSavedKey: (side: 'a' | 'b', service: string) =>
    `Side ${side}: prompt lists run on your saved API keys, and none is saved for ${service}. Save one in the subscription dialog, or choose a service whose key is saved.`,
} as const;


export const BATCH_STATUSES = ['running', 'completed', 'cancelled', 'failed'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
