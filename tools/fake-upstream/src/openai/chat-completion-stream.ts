// SSE wire format of a streamed chat completion (providers.md §1.5).
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { startEventStream, writeEvent, type Headers } from '../http-io.ts';
import { splitForStreaming, type LimitedAnswer } from '../simulated-text.ts';

export interface StreamIdentity {
  id: string;
  created: number;
  model: string;
}

export interface StreamOptions {
  includeUsage: boolean;
  includeObfuscation: boolean;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  headers: Headers;
}

export async function streamChatCompletion(
  res: ServerResponse, identity: StreamIdentity, answers: LimitedAnswer[], options: StreamOptions,
): Promise<void> {
  // With include_usage every chunk carries `usage: null` until the final usage chunk.
  const usageField = options.includeUsage ? { usage: null } : {};
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> => ({
    id: identity.id, object: 'chat.completion.chunk', created: identity.created, model: identity.model,
    service_tier: 'default', system_fingerprint: 'fp_fakeupstrm', choices, ...usageField, ...extra,
  });
  // Random padding the newer API adds to equalise chunk sizes; clients must ignore it.
  const padding = (): Record<string, unknown> =>
    options.includeObfuscation ? { obfuscation: randomBytes(6).toString('base64url').slice(0, 1 + (Date.now() % 8)) } : {};

  startEventStream(res, options.headers);
  answers.forEach((_, index) => {
    writeEvent(res, chunk([{ index, delta: { role: 'assistant', content: '', refusal: null }, logprobs: null, finish_reason: null }], padding()));
  });
  for (const [index, answer] of answers.entries()) {
    for (const piece of splitForStreaming(answer.text)) {
      if (res.destroyed) return;
      writeEvent(res, chunk([{ index, delta: { content: piece }, logprobs: null, finish_reason: null }], padding()));
      await yieldToLoop();
    }
  }
  answers.forEach((answer, index) => {
    writeEvent(res, chunk([{ index, delta: {}, logprobs: null, finish_reason: answer.ending }], padding()));
  });
  if (options.includeUsage) writeEvent(res, chunk([], { usage: options.usage }));
  writeEvent(res, '[DONE]');
  res.end();
}
