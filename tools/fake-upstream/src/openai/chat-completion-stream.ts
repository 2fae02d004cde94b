// SSE wire format of a streamed chat completion (docs/wire-formats.md §1.5).
import { randomBytes } from 'node:crypto';
import { startEventStream, type Headers } from '../http-io.ts';
import type { ApiCall } from '../server-state.ts';
import { estimateTokens, splitForStreaming, type LimitedAnswer } from '../simulated-text.ts';
import { writePacedEvents, type PacedEvent } from '../stream-writer.ts';
import type { Scenario } from '../types.ts';

export interface StreamIdentity {
  id: string;
  created: number;
  model: string;
}

export interface StreamOptions {
  includeUsage: boolean;
  includeObfuscation: boolean;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number; completion_tokens_details?: Record<string, number>; prompt_tokens_details?: Record<string, number> };
  headers: Headers;
}

export async function streamChatCompletion(
  call: ApiCall, identity: StreamIdentity, answers: LimitedAnswer[], options: StreamOptions, scenario: Scenario | undefined,
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

  const events: PacedEvent[] = [];
  const send = (data: unknown, tokens = 0): void => {
    events.push({ data, tokens });
  };
  answers.forEach((_, index) => {
    send(chunk([{ index, delta: { role: 'assistant', content: '', refusal: null }, logprobs: null, finish_reason: null }], padding()));
  });
  for (const [index, answer] of answers.entries()) {
    for (const piece of splitForStreaming(answer.text)) {
      send(chunk([{ index, delta: { content: piece }, logprobs: null, finish_reason: null }], padding()), estimateTokens(piece));
    }
  }
  answers.forEach((answer, index) => {
    send(chunk([{ index, delta: {}, logprobs: null, finish_reason: answer.ending }], padding()));
  });
  if (options.includeUsage) send(chunk([], { usage: options.usage }));
  send('[DONE]');
  startEventStream(call.res, options.headers);
  await writePacedEvents(call, events, scenario);
}
