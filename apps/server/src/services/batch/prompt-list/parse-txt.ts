import { addPrompt, numberedLines, type PromptCollector } from './prompt-checks.ts';

/** One prompt per line; blank lines (a trailing newline, spacing between groups) are skipped. */
export function parseTxt(content: string, into: PromptCollector): void {
  for (const [line, text] of numberedLines(content)) {
    if (text.trim() !== '') addPrompt(into, line, text);
  }
}
