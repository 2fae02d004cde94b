import { z } from 'zod';

/** What a log keeps of one service's answer (SPEC §3): never the key, never the settings. */
export const ZLogServiceData = z.object({
  message: z.string().nullable(),
  tokens: z.number().int().nullable(),
  rawOutput: z.unknown(),
  elapsedTime: z.number(),
  errorMsg: z.string().nullable().optional(),
});
export type TLogServiceData = z.infer<typeof ZLogServiceData>;

/** A log record as GET /log-details answers it (SPEC §3): the service data are JSON strings. */
export const ZLogRecord = z.object({
  id: z.string(),
  prompt_message: z.string(),
  chatGPT_data: z.string(),
  palm_data: z.string(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
});
export type TLogRecord = z.infer<typeof ZLogRecord>;
export const ZLogRecordList = z.array(ZLogRecord);

/** Paging for long histories; the answer stays a plain array and the next cursor travels in a header. */
export const LOG_PAGE = { defaultLimit: 100, maxLimit: 1000 } as const;
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
export const ZLogQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int({ error: 'limit must be a whole number.' })
    .min(1, { error: `limit must be between 1 and ${LOG_PAGE.maxLimit}.` })
    .max(LOG_PAGE.maxLimit, { error: `limit must be between 1 and ${LOG_PAGE.maxLimit}.` })
    .default(LOG_PAGE.defaultLimit),
  cursor: z.string().max(200).optional(),
});
export type TLogQuery = z.infer<typeof ZLogQuery>;
