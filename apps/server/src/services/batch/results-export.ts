import { pairNames, parseLogSide, underResultKeys, type BatchResultFormat } from '@promptpair/contract';
import { stringify } from 'csv-stringify/sync';
import type { BatchItemsRepository } from '../../db/repositories/batch-items.ts';
import { joinedVote } from '../../db/repositories/votes.ts';
import { neutraliseFormula, sideCells, sideColumns, SIDE_COLUMNS, VOTE_COLUMNS, voteCells } from '../log-export.ts';
import { promptVerdict, summarizeRun, VERDICT_COLUMNS, verdictCells, type PromptSides } from './run-verdicts.ts';
import type { TBatchSummary, TPairSideInfo } from '@promptpair/contract';

const PAGE = 500;

// The vote's columns come last, so readers of the earlier columns by position are not moved.
const CSV_HEADER = ['line', 'prompt', 'status', ...sideColumns('chatgpt'), ...sideColumns('palm'), ...VERDICT_COLUMNS, 'finished_at', ...VOTE_COLUMNS];

type ResultRow = Awaited<ReturnType<BatchItemsRepository['resultsPage']>>[number];

/** A row's two answers by side; the downloads write them under the spec's names. */
const answersOf = (row: ResultRow): PromptSides => ({ a: parseLogSide(row.side_a_data), b: parseLogSide(row.side_b_data) });

/** What each side of a run on a pair other than the spec's ran on; the spec's pair's downloads stay as they were. */
export type RunSideNames = { a: TPairSideInfo; b: TPairSideInfo } | undefined;

// A general pair's CSV ends with SIDE_COLUMNS, after the vote's, so the spec's columns keep their places.
const sideNameCells = (sides: NonNullable<RunSideNames>) => [sides.a.service, sides.a.model, sides.b.service, sides.b.model];

function csvRows(rows: ResultRow[], sides: RunSideNames): string {
  const cells = rows.map((row) => {
    const answers = answersOf(row);
    const named = sides ? sideNameCells(sides) : [];
    return [row.idx + 1, row.prompt, row.status, ...sideCells(answers.a), ...sideCells(answers.b), ...verdictCells(promptVerdict(answers), sides !== undefined), row.created_at, ...voteCells(joinedVote(row), pairNames(sides)), ...named].map(
      (cell) => (typeof cell === 'string' ? neutraliseFormula(cell) : cell),
    );
  });
  return stringify(cells);
}

function jsonlRows(rows: ResultRow[], sides: RunSideNames): string {
  return rows
    .map((row) => {
      const answers = answersOf(row);
      return JSON.stringify({ line: row.idx + 1, prompt: row.prompt, status: row.status, ...underResultKeys(answers), verdict: promptVerdict(answers), finished_at: row.created_at, vote: joinedVote(row), ...(sides ? { sides } : {}) });
    })
    .join('\n')
    .concat(rows.length > 0 ? '\n' : '');
}

/**
 * The finished prompts of a run so far, in list order, a page at a time so 10,000 long answers
 * never sit in memory at once. Records hold answers only, never keys (docs/product.md §3 log record).
 * The CSV starts with a BOM so spreadsheet apps read it as UTF-8; JSONL keeps the raw output.
 */
export async function* exportResults(items: BatchItemsRepository, jobId: string, format: BatchResultFormat, sides?: RunSideNames): AsyncGenerator<string> {
  if (format === 'csv') yield '\uFEFF' + stringify([sides ? [...CSV_HEADER, ...SIDE_COLUMNS] : CSV_HEADER]);
  for (let after = -1; ; ) {
    const rows = await items.resultsPage(jobId, after, PAGE);
    if (rows.length === 0) return;
    yield format === 'csv' ? csvRows(rows, sides) : jsonlRows(rows, sides);
    after = rows.at(-1)?.idx ?? after;
    if (rows.length < PAGE) return;
  }
}

/** The run's summary over its finished prompts so far, read a page at a time like the downloads. */
export async function summarizeResults(items: BatchItemsRepository, jobId: string): Promise<TBatchSummary> {
  const prompts: PromptSides[] = [];
  for (let after = -1; ; ) {
    const rows = await items.resultsPage(jobId, after, PAGE);
    for (const row of rows) prompts.push(answersOf(row));
    after = rows.at(-1)?.idx ?? after;
    if (rows.length < PAGE) return summarizeRun(prompts);
  }
}
