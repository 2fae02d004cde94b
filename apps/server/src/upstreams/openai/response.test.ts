import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../types.ts';
import { filterChatModels, fromChatCompletion } from './response.ts';

const ctx = { serviceName: 'ChatGPT' as const, model: 'gpt-4o-mini' };
const completion = (choices: unknown[], usage: unknown = { prompt_tokens: 9, completion_tokens: 3, total_tokens: 12 }) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1_700_000_000,
  model: 'gpt-4o-mini',
  choices,
  usage,
});
const choice = (content: string | null, index = 0, extra: object = {}) => ({
  index,
  message: { role: 'assistant', content, refusal: null, ...extra },
  finish_reason: 'stop',
  logprobs: null,
});

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof UpstreamError ? error.code : 'not an UpstreamError';
  }
  return undefined;
}

describe('fromChatCompletion', () => {
  it('reads the message, the total tokens, tokens in and out, the model, and keeps the body', () => {
    const body = completion([choice('Blue.')]);
    expect(fromChatCompletion(body, ctx)).toEqual({ message: 'Blue.', tokens: 12, rawOutput: body, model: 'gpt-4o-mini', usage: { inputTokens: 9, outputTokens: 3 } });
    const snapshot = { ...completion([choice('Blue.')]), model: 'gpt-4o-mini-2024-07-18' };
    expect(fromChatCompletion(snapshot, ctx).model).toBe('gpt-4o-mini-2024-07-18');
    expect(fromChatCompletion(completion([choice('Blue.')], null), ctx).usage).toBeNull();
  });

  it('shows every choice under a heading when there are several', () => {
    const result = fromChatCompletion(completion([choice('A'), choice('B', 1)]), ctx);
    expect(result.message).toBe('Choice 1:\nA\n\nChoice 2:\nB');
  });

  it('shows a refusal as the message and reports null tokens without usage', () => {
    const result = fromChatCompletion(completion([choice(null, 0, { refusal: 'I cannot help.' })], null), ctx);
    expect(result).toMatchObject({ message: 'I cannot help.', tokens: null });
  });

  it('treats a content-filtered empty answer as blocked', () => {
    const body = completion([{ ...choice(null), finish_reason: 'content_filter' }]);
    expect(codeOf(() => fromChatCompletion(body, ctx))).toBe('upstream_blocked');
  });

  it('treats text, missing choices or no choices as a bad response', () => {
    expect(codeOf(() => fromChatCompletion('<html>', ctx))).toBe('upstream_bad_response');
    expect(codeOf(() => fromChatCompletion({ id: 'x' }, ctx))).toBe('upstream_bad_response');
    expect(codeOf(() => fromChatCompletion(completion([]), ctx))).toBe('upstream_bad_response');
  });
});

describe('filterChatModels', () => {
  it('keeps chat models only, sorted with numbers in order', () => {
    const ids = [
      'text-embedding-3-small', 'tts-1', 'whisper-1', 'dall-e-3', 'omni-moderation-latest', 'gpt-image-1',
      'gpt-4o-audio-preview', 'gpt-4o-realtime-preview', 'gpt-4o-transcribe', 'gpt-4o-search-preview',
      'gpt-3.5-turbo-instruct', 'babbage-002', 'davinci-002', 'codex-mini-latest', 'o1-pro',
      'o3-mini', 'gpt-4o', 'gpt-4.1', 'gpt-4', 'gpt-3.5-turbo', 'chatgpt-4o-latest', 'o1', 'gpt-4o-mini', 'gpt-4o',
    ];
    expect(filterChatModels(ids)).toEqual([
      'chatgpt-4o-latest', 'gpt-3.5-turbo', 'gpt-4', 'gpt-4.1', 'gpt-4o', 'gpt-4o-mini', 'o1', 'o3-mini',
    ]);
  });
});
