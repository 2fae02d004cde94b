import { addProblem, addPrompt, numberedLines, type PromptCollector } from './prompt-checks.ts';

/** One JSON object per line with a "prompt" text field; other fields are ignored, blank lines skipped. */
export function parseJsonl(content: string, into: PromptCollector): void {
  for (const [line, text] of numberedLines(content)) {
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      addProblem(into, line, `not valid JSON (${(error as Error).message}).`);
      continue;
    }
    const prompt = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as { prompt?: unknown }).prompt : undefined;
    if (typeof prompt !== 'string') {
      addProblem(into, line, 'expected an object with a "prompt" text field, such as {"prompt": "Hello"}.');
      continue;
    }
    addPrompt(into, line, prompt);
  }
}
