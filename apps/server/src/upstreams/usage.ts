// Tokens in and out and the model that answered, read from each service's answer.
// The spec's `tokens` stays the total; these split it the way the services bill it.
import type { TTokenUsage } from '@promptpair/contract';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined);

/** Chat Completions `usage` (docs/wire-formats.md §1.4): completion tokens include reasoning tokens, billed as output. */
export function openAiUsage(body: unknown): TTokenUsage | null {
  const usage = isObject(body) && isObject(body.usage) ? body.usage : undefined;
  const input = count(usage?.prompt_tokens);
  const output = count(usage?.completion_tokens);
  if (input === undefined || output === undefined) return null;
  const details = isObject(usage?.completion_tokens_details) ? usage.completion_tokens_details : undefined;
  const reasoning = count(details?.reasoning_tokens);
  return { inputTokens: input, outputTokens: output, ...(reasoning ? { reasoningTokens: reasoning } : {}) };
}

/**
 * Gemini `usageMetadata` (§3.4): the prompt (with cached and tool-use prompt tokens, which are part
 * of it) in; candidates plus thoughts out, since thinking is billed as output.
 */
export function geminiUsage(json: unknown): TTokenUsage | null {
  const usage = isObject(json) && isObject(json.usageMetadata) ? json.usageMetadata : undefined;
  const input = count(usage?.promptTokenCount);
  if (input === undefined) return null;
  const toolUse = count(usage?.toolUsePromptTokenCount) ?? 0;
  const thoughts = count(usage?.thoughtsTokenCount) ?? 0;
  const output = (count(usage?.candidatesTokenCount) ?? 0) + thoughts;
  return { inputTokens: input + toolUse, outputTokens: output, ...(thoughts ? { reasoningTokens: thoughts } : {}) };
}

/** The model as the answer names it (a dated snapshot, often), else the one asked for. */
export function answeringModel(json: unknown, field: 'model' | 'modelVersion', requested: string): string {
  const named = isObject(json) ? json[field] : undefined;
  return typeof named === 'string' && named.trim() !== '' ? named.replace(/^models\//, '') : requested;
}
