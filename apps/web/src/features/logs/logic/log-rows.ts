import { pairNames, SIDES, sumCosts, type PairNames, type Side, type SideSettingsShown, type TLogRecord, type TLogServiceData, type TVote } from '@promptpair/contract';
import { recordSides } from '../api/log-record-sides.ts';

/** A log record as the table and chart read it: the JSON strings parsed once. */
export interface LogRow {
  id: string;
  prompt: string;
  createdAt: Date;
  /** Each side's answer; null when that side's 'log output' was off (or the data cannot be read). */
  answers: Record<Side, TLogServiceData | null>;
  /** The blind vote, when the comparison was blind. */
  vote: TVote | null;
  /** Each side's name (service · model) for a pair other than the spec's; absent for the spec's pair. */
  names?: PairNames;
  /** What each side was sent with, by its kind (GET /log-details?include=settings); undefined when the record did not keep it. */
  settings?: Record<Side, SideSettingsShown>;
  /** A conversation's id and this record's turn; absent for a single comparison. */
  conversation?: TLogRecord['conversation'];
  /** What both answers of this comparison cost, and how many of its logged answers had no known price. */
  cost: { total: number; unknown: number };
  /** The cost of this comparison and every older one listed, so the newest row holds the sum of all. */
  runningCost: { total: number; unknown: number };
}

/** Records arrive newest first; the running total adds from the oldest listed up. */
export function toLogRows(records: readonly TLogRecord[]): LogRow[] {
  const rows = records.map((record) => {
    const { answers, settings } = recordSides(record);
    const costs = SIDES.map((side) => answers[side]).filter((answer) => answer !== null).map((answer) => answer.cost);
    const row = { id: record.id, prompt: record.prompt_message, createdAt: new Date(record.created_at), answers, vote: record.vote ?? null, cost: sumCosts(costs) };
    return { ...row, ...(record.sides ? { names: pairNames(record.sides) } : {}), ...(settings ? { settings } : {}), ...(record.conversation ? { conversation: record.conversation } : {}) };
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

/** What Log Details lists: a single comparison, or a conversation with its turns in order. */
export type LogEntry = { kind: 'single'; row: LogRow } | { kind: 'conversation'; id: string; turns: LogRow[] };

/**
 * Rows as entries: every row of a conversation joins the entry of its first appearance (the server
 * sends a conversation's rows together, newest first, where its latest falls), in turn order.
 */
export function toLogEntries(rows: readonly LogRow[]): LogEntry[] {
  const entries: LogEntry[] = [];
  const conversations = new Map<string, LogRow[]>();
  for (const row of rows) {
    if (!row.conversation) {
      entries.push({ kind: 'single', row });
      continue;
    }
    const turns = conversations.get(row.conversation.id);
    if (turns) turns.push(row);
    else {
      const started = [row];
      conversations.set(row.conversation.id, started);
      entries.push({ kind: 'conversation', id: row.conversation.id, turns: started });
    }
  }
  // Rows arrive newest first: reversed, then a stable sort, so a regenerated answer (which repeats
  // its turn's number) stays after the one it replaced.
  for (const turns of conversations.values()) turns.reverse().sort((a, b) => (a.conversation?.turn ?? 0) - (b.conversation?.turn ?? 0));
  // A conversation of one row is the single comparison it is.
  return entries.map((entry) => (entry.kind === 'conversation' && entry.turns.length === 1 && entry.turns[0] ? { kind: 'single', row: entry.turns[0] } : entry));
}

// docs/product.md §2 modal 5, §9: a long date with hour and minute, in the visitor's own locale and time zone.
const LOG_DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

export function formatLogDate(date: Date): string {
  return LOG_DATE.format(date);
}
