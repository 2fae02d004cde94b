import { parseLogSide, type TLogRecord, type TLogServiceData } from '@promptpair/contract';

/** A log record as the table and chart read it: the JSON strings parsed once. */
export interface LogRow {
  id: string;
  prompt: string;
  createdAt: Date;
  /** null when that service's 'log output' was off (or the data cannot be read). */
  chatGPT: TLogServiceData | null;
  palmAPI: TLogServiceData | null;
}

export function toLogRows(records: readonly TLogRecord[]): LogRow[] {
  return records.map((record) => ({
    id: record.id,
    prompt: record.prompt_message,
    createdAt: new Date(record.created_at),
    chatGPT: parseLogSide(record.chatGPT_data),
    palmAPI: parseLogSide(record.palm_data),
  }));
}

// SPEC §2 modal 5, §9: a long date with hour and minute, in the visitor's own locale and time zone.
const LOG_DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

export function formatLogDate(date: Date): string {
  return LOG_DATE.format(date);
}
