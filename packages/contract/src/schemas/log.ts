import { z } from 'zod';
import { ZVote } from './blind.ts';
import { ZAnswerCostFields } from './comparison.ts';
import { ZTurnChoice } from './conversation.ts';
import { bySides, SPEC_PAIR } from '../sides.ts';
import { ZSentSettings, ZSidesSentSettings } from './share.ts';

/** What a log keeps of one service's answer (docs/product.md §3): never the key, never the settings. */
export const ZLogServiceData = z.object({
  message: z.string().nullable(),
  tokens: z.number().int().nullable(),
  rawOutput: z.unknown(),
  elapsedTime: z.number(),
  errorMsg: z.string().nullable().optional(),
  timeToFirstToken: z.number().nullable().optional(),
  stopped: z.boolean().optional(),
  skipped: z.literal(true).optional(),
  ...ZAnswerCostFields.shape,
});
export type TLogServiceData = z.infer<typeof ZLogServiceData>;

/** A log record as GET /log-details answers it (docs/product.md §3): the service data are JSON strings. */
/** What a logged side ran on (migration 011); the model is null where the log did not record it (the spec's body). */
export const ZLogSideInfo = z.object({
  service: z.string(),
  kind: z.string(),
  model: z.string().nullable(),
  /** The service's display name: Log Details carries it so the page names the side; the downloads keep the id. */
  name: z.string().optional(),
});
export type TLogSideInfo = z.infer<typeof ZLogSideInfo>;
export const ZLogSides = z.object({ a: ZLogSideInfo, b: ZLogSideInfo });
export type TLogSides = z.infer<typeof ZLogSides>;
/** The spec's pair as a log names it: every record from the spec's body (and every record before migration 011). */
export const SPEC_LOG_SIDES: TLogSides = bySides((side) => ({ service: SPEC_PAIR[side].service, kind: SPEC_PAIR[side].kind, model: null }));

export const ZLogRecord = z.object({
  id: z.string(),
  prompt_message: z.string(),
  chatGPT_data: z.string(),
  palm_data: z.string(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
  /** The blind vote on this comparison, if it was blind; a blind one shows up here once voted on. */
  vote: ZVote.nullable().optional(),
  /**
   * Which service and model each side ran on; present only for a pair other than the spec's (a
   * general pair request), whose side a is in chatGPT_data and side b in palm_data.
   */
  sides: ZLogSides.optional(),
  /**
   * What each side was sent with (never a key, never logOutput): only with `?include=settings`, and
   * only for records that kept them, so the default answer keeps the docs/product.md §3 shape.
   */
  settings: ZSentSettings.optional(),
  /** With `?include=settings`, for a pair other than the spec's: each side's settings read by its own kind. */
  sideSettings: ZSidesSentSettings.optional(),
  /** A general pair's conversation and this record's turn (migration 014); absent for every other record. */
  conversation: z.object({ id: z.string(), turn: z.number().int(), choice: ZTurnChoice.optional() }).optional(),
});
export type TLogRecord = z.infer<typeof ZLogRecord>;
export const ZLogRecordList = z.array(ZLogRecord);

/** Paging for long histories; the answer stays a plain array and the next cursor travels in a header. */
export const LOG_PAGE = { defaultLimit: 100, maxLimit: 1000 } as const;
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
export const INVALID_CURSOR_MESSAGE = 'cursor is not valid.';
/** What `?include=` may add to each record; the answer's default shape is the spec's. */
export const LOG_INCLUDES = ['settings'] as const;
export const INVALID_INCLUDE_MESSAGE = `include must be one of: ${LOG_INCLUDES.join(', ')}.`;
export const ZLogQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int({ error: 'limit must be a whole number.' })
    .min(1, { error: `limit must be between 1 and ${LOG_PAGE.maxLimit}.` })
    .max(LOG_PAGE.maxLimit, { error: `limit must be between 1 and ${LOG_PAGE.maxLimit}.` })
    .default(LOG_PAGE.defaultLimit),
  cursor: z.string({ error: INVALID_CURSOR_MESSAGE }).max(200, { error: INVALID_CURSOR_MESSAGE }).optional(),
  include: z.enum(LOG_INCLUDES, { error: INVALID_INCLUDE_MESSAGE }).optional(),
});
export type TLogQuery = z.infer<typeof ZLogQuery>;

/**
 * What a record's chatGPT_data / palm_data holds. A side whose 'log output' was off keeps its
 * place with empty values and `logged: false` (docs/decisions.md, "Log output").
 */
export const ZLogSideData = ZLogServiceData.extend({
  elapsedTime: z.number().nullable(),
  logged: z.boolean().optional(),
});
export type TLogSideData = z.infer<typeof ZLogSideData>;
export const NOT_LOGGED_SIDE = { message: null, tokens: null, rawOutput: null, elapsedTime: null, errorMsg: null, logged: false } as const satisfies TLogSideData;

/** One side of a record as data, or null when it was not logged or cannot be read. */
export function parseLogSide(json: string): TLogServiceData | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = ZLogServiceData.safeParse(value);
  if (!parsed.success || (value as { logged?: unknown }).logged === false) return null;
  return parsed.data;
}

/** GET /log-details/download?format=csv|json: the whole log as one file. */
export const LOG_DOWNLOAD_FORMATS = ['csv', 'json'] as const;
export type LogDownloadFormat = (typeof LOG_DOWNLOAD_FORMATS)[number];
export const ZLogDownloadQuery = z.object({
  format: z.enum(LOG_DOWNLOAD_FORMATS, { error: `format must be one of ${LOG_DOWNLOAD_FORMATS.join(', ')}.` }),
});

/** One entry of the JSON download: the record with its service data as objects, null when not logged. */
export const ZLogExportEntry = z.object({
  id: z.string(),
  created_at: z.string(),
  prompt: z.string(),
  chatGPT: ZLogServiceData.nullable(),
  palmAPI: ZLogServiceData.nullable(),
  vote: ZVote.nullable(),
  /** Which service, kind and model each side ran on: side a is `chatGPT`, side b `palmAPI` (the spec's pair for older records). */
  sides: ZLogSides,
  /** The conversation and turn of a general pair's record; null for every other record. */
  conversationId: z.string().nullable(),
  turn: z.number().int().nullable(),
  /** The visitor's choice for the turn (carry, only or regenerate a side, migration 015); null for a plain turn. */
  choice: ZTurnChoice.nullable(),
});
export type TLogExportEntry = z.infer<typeof ZLogExportEntry>;
