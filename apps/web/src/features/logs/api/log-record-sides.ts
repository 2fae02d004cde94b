import { parseLogSide, sentSettingsShown, type Side, type SideSettingsShown, type TLogRecord, type TLogServiceData } from '@promptpair/contract';
import { bySide } from '../../../lib/spec-sides.ts';

/** A log record's answers and sent settings, by side. */
export interface RecordSides {
  /** null when that side's 'log output' was off (or the data cannot be read). */
  answers: Record<Side, TLogServiceData | null>;
  /** What each side was sent with, by its kind; undefined when the record did not keep it. */
  settings: Record<Side, SideSettingsShown> | undefined;
}

/**
 * Reads a record's sides where GET /log-details keeps them in the spec's shape: side a's answer in
 * `chatGPT_data` and its settings under `chatGPT`, side b's in `palm_data` and under `palmAPI`.
 */
export function recordSides(record: TLogRecord): RecordSides {
  const settings = sentSettingsShown(record.settings, record.sideSettings);
  return { answers: { a: parseLogSide(record.chatGPT_data), b: parseLogSide(record.palm_data) }, settings: settings && bySide(settings) };
}
