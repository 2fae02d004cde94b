import {
  BLIND_TEXTS,
  COST_TEXTS,
  pairNames,
  parseLogSide,
  SPEC_LOG_SIDES,
  type PairNames,
  type TLogSides,
  type TLogExportEntry,
  type TLogRecord,
  type TLogServiceData,
  type TVote,
} from '@promptpair/contract';
import { stringify } from 'csv-stringify/sync';

/** The JSON download: each record with its service data as objects (null when not logged). */
export function toExportEntries(records: readonly TLogRecord[]): TLogExportEntry[] {
  return records.map((record) => ({
    id: record.id,
    created_at: record.created_at,
    prompt: record.prompt_message,
    chatGPT: parseLogSide(record.chatGPT_data),
    palmAPI: parseLogSide(record.palm_data),
    vote: record.vote ?? null,
    sides: record.sides ?? SPEC_LOG_SIDES,
    conversationId: record.conversation?.id ?? null,
    turn: record.conversation?.turn ?? null,
    choice: record.conversation?.choice ?? null,
  }));
}


/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab/CR) as a formula; a leading
 * apostrophe keeps it text (OWASP "CSV injection"). Only such cells change.
 */
export function neutraliseFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** One service's CSV column names, in the order of sideCells. */
export function sideColumns(service: 'chatgpt' | 'palm'): string[] {
  return ['message', 'tokens', 'elapsed_s', 'error', 'model', 'input_tokens', 'output_tokens', 'cost_usd'].map((column) => `${service}_${column}`);
}

/**
 * One service's CSV cells (blank when not logged). An unknown cost is written as the words the
 * page shows, so a spreadsheet sum cannot read it as 0.
 */
export const sideCells = (side: TLogServiceData | null) => [
  side?.message ?? '',
  side?.tokens ?? '',
  side?.elapsedTime ?? '',
  side?.errorMsg ?? '',
  side?.model ?? '',
  side?.usage?.inputTokens ?? '',
  side?.usage?.outputTokens ?? '',
  side ? (typeof side.cost === 'number' ? side.cost : COST_TEXTS.unknown) : '',
];

/**
 * The blind vote's columns: the side shown as A with what it ran on (`names`, the spec's titles for
 * its pair), the choice, and whether an answer named its maker.
 */
export const VOTE_COLUMNS = ['blind_answer_a', 'vote', 'vote_possibly_unblinded'];
export const voteCells = (vote: TVote | null, names: PairNames) =>
  vote ? [BLIND_TEXTS.answerAInDownload(vote.answerA, names[vote.answerA]), vote.choice, vote.possiblyUnblinded ? 'yes' : 'no'] : ['', '', ''];

/**
 * Any pair's columns, beside the spec's: which service and model each side ran on. Side a's answer
 * is in the chatgpt_* columns and side b's in the palm_* ones (the spec's pair: chatgpt and palm).
 */
export const SIDE_COLUMNS = ['side_a_service', 'side_a_model', 'side_b_service', 'side_b_model'];
export const sideInfoCells = (sides: TLogSides) => [sides.a.service, sides.a.model ?? '', sides.b.service, sides.b.model ?? ''];

/**
 * A comparison's conversation, turn and the visitor's choice for it, e.g. "carry a" (docs/decisions.md,
 * "Conversations"), last so every earlier column keeps its place.
 */
export const CONVERSATION_COLUMNS = ['conversation_id', 'turn', 'turn_choice'];
const conversationCells = (entry: TLogExportEntry) => [entry.conversationId ?? '', entry.turn ?? '', entry.choice ? `${entry.choice.kind} ${entry.choice.side}` : ''];

const CSV_HEADER = ['created_at', 'prompt', ...sideColumns('chatgpt'), ...sideColumns('palm'), ...VOTE_COLUMNS, ...SIDE_COLUMNS, ...CONVERSATION_COLUMNS];

/**
 * The CSV download: one row per prompt, both answers side by side (RFC 4180 quoting by
 * csv-stringify). A BOM first so spreadsheet apps read the text as UTF-8.
 */
export function toCsv(records: readonly TLogRecord[]): string {
  const rows = toExportEntries(records).map((entry, i) =>
    [entry.created_at, entry.prompt, ...sideCells(entry.chatGPT), ...sideCells(entry.palmAPI), ...voteCells(entry.vote, pairNames(records[i]?.sides)), ...sideInfoCells(entry.sides), ...conversationCells(entry)].map((cell) =>
      typeof cell === 'string' ? neutraliseFormula(cell) : String(cell),
    ),
  );
  return '\ufeff' + stringify([CSV_HEADER, ...rows], { record_delimiter: 'windows' });
}
