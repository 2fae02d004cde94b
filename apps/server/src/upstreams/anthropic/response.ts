// A Messages API answer (a `message` object) → our Generation, with its tokens in and out.
import type { TTokenUsage } from '@promptpair/contract';
import type { ErrorContext } from '../errors.ts';
import { upstreamError } from '../errors.ts';
import type { Generation } from '../types.ts';
import { answeringModel } from '../usage.ts';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : 0);

/**
 * `usage`: input_tokens counts only the prompt tokens that were neither written to nor read from
 * the prompt cache, so the prompt is all three together; output includes any thinking, billed as
 * output. Null when the answer has no usage or no token counts at all.
 */
export function anthropicUsage(message: unknown): TTokenUsage | null {
  const usage = isObject(message) && isObject(message.usage) ? message.usage : undefined;
  if (typeof usage?.input_tokens !== 'number' || typeof usage.output_tokens !== 'number') return null;
  const input = count(usage.input_tokens) + count(usage.cache_creation_input_tokens) + count(usage.cache_read_input_tokens);
  return { inputTokens: input, outputTokens: count(usage.output_tokens) };
}

/** The answer text: its text blocks joined. Thinking and tool blocks are not part of it. */
export function messageText(content: readonly unknown[]): string {
  return content
    .filter(isObject)
    .filter((block) => block.type === 'text' && typeof block.text === 'string')
    .map((block) => block.text as string)
    .join('');
}

/**
 * Reads a message defensively: a 200 without a `content` list is a bad response. A refusal that
 * wrote nothing is a blocked answer; one that wrote some text shows that text.
 */
export function fromMessage(body: unknown, ctx: ErrorContext): Generation {
  if (!isObject(body) || !Array.isArray(body.content)) throw upstreamError('upstream_bad_response', ctx, { status: 200 });
  const message = messageText(body.content);
  if (message === '' && body.stop_reason === 'refusal') throw upstreamError('upstream_blocked', ctx, { status: 200, reason: 'refusal' });
  const usage = anthropicUsage(body);
  const model = ctx.model === undefined ? {} : { model: answeringModel(body, 'model', ctx.model) };
  return { message, tokens: usage ? usage.inputTokens + usage.outputTokens : null, rawOutput: body, usage, ...model };
}
