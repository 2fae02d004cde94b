import { BATCH_FILE_EXTENSIONS, BATCH_LIMITS } from '@promptpair/contract';
import { parseCsv } from './parse-csv.ts';
import { parseJsonl } from './parse-jsonl.ts';
import type { PromptCollector } from './prompt-checks.ts';
import { parseTxt } from './parse-txt.ts';

export type PromptListResult = { ok: true; prompts: string[] } | { ok: false; problems: string[] };

const PARSERS: Record<(typeof BATCH_FILE_EXTENSIONS)[number], (content: string, into: PromptCollector) => void> = {
  '.txt': parseTxt,
  '.csv': parseCsv,
  '.jsonl': parseJsonl,
};

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Reads an uploaded prompt list by its extension (.txt, .csv with a "prompt" column,
 * .jsonl with {"prompt": …}). Every problem names its line, so the visitor can fix the file.
 */
export function parsePromptList(filename: string, content: string): PromptListResult {
  const extension = BATCH_FILE_EXTENSIONS.find((ext) => filename.toLowerCase().endsWith(ext));
  if (!extension) {
    return { ok: false, problems: [`The file must end in ${BATCH_FILE_EXTENSIONS.join(', ')} (got "${filename}").`] };
  }
  const collected: PromptCollector = { prompts: [], problems: [] };
  PARSERS[extension](content, collected);
  if (collected.prompts.length > BATCH_LIMITS.maxPrompts) {
    return {
      ok: false,
      problems: [`The file holds ${count(collected.prompts.length)} prompts; at most ${count(BATCH_LIMITS.maxPrompts)} are allowed. Split it into smaller lists.`],
    };
  }
  if (collected.problems.length > 0) return { ok: false, problems: collected.problems };
  if (collected.prompts.length === 0) return { ok: false, problems: ['The file holds no prompts.'] };
  return { ok: true, prompts: collected.prompts };
}
