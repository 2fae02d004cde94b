import { INPUT_LIMITS } from '@promptpair/contract';

/** A prompt list as read so far: prompts in file order, and what was wrong, each naming its line. */
export interface PromptCollector {
  prompts: string[];
  problems: string[];
}

/** More problems than this are not worth reading: the visitor fixes the file and uploads again. */
export const MAX_PROBLEMS = 10;

export const atLine = (line: number, text: string) => `Line ${line}: ${text}`;

export function addProblem(into: PromptCollector, line: number, text: string): void {
  if (into.problems.length < MAX_PROBLEMS) into.problems.push(atLine(line, text));
}

/** The same rules as a prompt typed on the page (docs/product.md §5): non-empty after trimming, and not too long. */
export function addPrompt(into: PromptCollector, line: number, raw: string): void {
  const prompt = raw.trim();
  if (prompt === '') return addProblem(into, line, 'the prompt is empty.');
  if (prompt.length > INPUT_LIMITS.promptMaxChars) {
    return addProblem(
      into,
      line,
      `the prompt has ${prompt.length.toLocaleString('en-US')} characters; at most ${INPUT_LIMITS.promptMaxChars.toLocaleString('en-US')} are allowed.`,
    );
  }
  into.prompts.push(prompt);
}

/** Physical lines with their 1-based numbers; a byte-order mark and CRLF endings are tolerated. */
export function numberedLines(content: string): [number, string][] {
  return content
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((text, index): [number, string] => [index + 1, text]);
}
