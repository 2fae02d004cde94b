// PaLM generateMessage answers carry no usage (docs/wire-formats.md §2.2), so the tokens in and out are
// asked of countMessageTokens (§2.3): once for the prompt as sent, once for the answer as a message.
import type { TTokenUsage } from '@promptpair/contract';
import type { ErrorContext } from '../errors.ts';
import { fetchGoogleJson, googleUrl } from './http.ts';
import type { PalmMessageRequest } from './palm.ts';

export interface PalmCountInput {
  baseUrl: string;
  model: string;
  apiKey: string;
  signal?: AbortSignal | undefined;
  timeoutMs: number;
  /** The adapters' HTTP client (size-capped); global fetch when unset. */
  fetch?: typeof fetch;
}

async function countTokens(input: PalmCountInput, prompt: PalmMessageRequest['prompt'], ctx: ErrorContext): Promise<number> {
  const url = googleUrl(input.baseUrl, `v1beta2/models/${input.model}:countMessageTokens`);
  const json = await fetchGoogleJson({ url, apiKey: input.apiKey, signal: input.signal, timeoutMs: input.timeoutMs, body: { prompt }, fetch: input.fetch }, ctx);
  const tokenCount = typeof json === 'object' && json !== null ? (json as { tokenCount?: unknown }).tokenCount : undefined;
  if (typeof tokenCount !== 'number' || !Number.isInteger(tokenCount) || tokenCount < 0) throw new Error('countMessageTokens answered no tokenCount');
  return tokenCount;
}

/**
 * Tokens of a PaLM exchange, or null when counting fails: the answer has already arrived and
 * matters more than its count, so a failure here only leaves tokens and cost unknown.
 */
export async function countPalmUsage(input: PalmCountInput, prompt: PalmMessageRequest['prompt'], answer: string, ctx: ErrorContext): Promise<TTokenUsage | null> {
  try {
    const [inputTokens, outputTokens] = await Promise.all([
      countTokens(input, prompt, ctx),
      countTokens(input, { messages: [{ author: 'model', content: answer }] }, ctx),
    ]);
    return { inputTokens, outputTokens };
  } catch {
    return null;
  }
}
