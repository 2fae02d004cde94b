import { pairNames, parseLogSide, sentSettingsShown, sumCosts, type PairNames, type SideSettingsShown, type TLogRecord, type TLogServiceData, type TVote } from '@promptpair/contract';

/** A log record as the table and chart read it: the JSON strings parsed once. */
export interface LogRow {
  id: string;
  prompt: string;
  createdAt: Date;
  /** null when that service's 'log output' was off (or the data cannot be read). */
  chatGPT: TLogServiceData | null;
  palmAPI: TLogServiceData | null;
  /** The blind vote, when the comparison was blind. */
  vote: TVote | null;
  /** Each side's name (service · model) for a pair other than the spec's; absent for the spec's pair. */
  names?: PairNames;
  /** What each side was sent with, by its kind (GET /log-details?include=settings); undefined when the record did not keep it. */
  settings?: { chatGPT: SideSettingsShown; palmAPI: SideSettingsShown };
  /** What both answers of this comparison cost, and how many of its logged answers had no known price. */
  cost: { total: number; unknown: number };
  /** The cost of this comparison and every older one listed, so the newest row holds the sum of all. */
  runningCost: { total: number; unknown: number };
}

/** Records arrive newest first; the running total adds from the oldest listed up. */
export function toLogRows(records: readonly TLogRecord[]): LogRow[] {
  const rows = records.map((record) => {
    const chatGPT = parseLogSide(record.chatGPT_data);
    const palmAPI = parseLogSide(record.palm_data);
    const costs = [chatGPT, palmAPI].filter((side) => side !== null).map((side) => side.cost);
    const row = { id: record.id, prompt: record.prompt_message, createdAt: new Date(record.created_at), chatGPT, palmAPI, vote: record.vote ?? null, cost: sumCosts(costs) };
    const settings = sentSettingsShown(record.settings, record.sideSettings);
    return { ...row, ...(record.sides ? { names: pairNames(record.sides) } : {}), ...(settings ? { settings } : {}) };
  });
  let total = 0;
  let unknown = 0;
  const withRunning: LogRow[] = [];
  for (const row of [...rows].reverse()) {
    total += row.cost.total;
    unknown += row.cost.unknown;
    withRunning.unshift({ ...row, runningCost: { total: Math.round(total * 1_000_000) / 1_000_000, unknown } });
  }
  return withRunning;
}

// docs/product.md §2 modal 5, §9: a long date with hour and minute, in the visitor's own locale and time zone.
const LOG_DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

export function formatLogDate(date: Date): string {
  return LOG_DATE.format(date);
}
