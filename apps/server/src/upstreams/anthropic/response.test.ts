import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../types.ts';
import { anthropicUsage, fromMessage } from './response.ts';
import { MessageAssembler } from './stream-assembly.ts';

const ctx = { serviceName: 'Claude', model: 'claude-sonnet-4-6' };
const message = (content: unknown[], extra: Record<string, unknown> = {}) => ({
  id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-sonnet-4-6', content, stop_reason: 'end_turn', stop_sequence: null,
  usage: { input_tokens: 10, output_tokens: 4 }, ...extra,
});

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof UpstreamError ? error.code : 'not an UpstreamError';
  }
  return undefined;
}

describe('fromMessage', () => {
  it('joins the text blocks, leaves thinking out, and keeps the message as received', () => {
    const body = message([{ type: 'thinking', thinking: 'Hmm.' }, { type: 'text', text: 'Blue' }, { type: 'text', text: '.' }]);
    expect(fromMessage(body, ctx)).toEqual({ message: 'Blue.', tokens: 14, rawOutput: body, model: 'claude-sonnet-4-6', usage: { inputTokens: 10, outputTokens: 4 } });
  });

  it('counts cached prompt tokens as input, and reports null tokens without usage', () => {
    expect(anthropicUsage(message([], { usage: { input_tokens: 5, cache_creation_input_tokens: 100, cache_read_input_tokens: 1000, output_tokens: 7 } }))).toEqual({ inputTokens: 1105, outputTokens: 7 });
    expect(anthropicUsage(message([], { usage: { input_tokens: 5, cache_read_input_tokens: null, output_tokens: 7 } }))).toEqual({ inputTokens: 5, outputTokens: 7 });
    expect(fromMessage(message([{ type: 'text', text: 'Hi' }], { usage: undefined }), ctx)).toMatchObject({ message: 'Hi', tokens: null, usage: null });
  });

  it('a refusal without text is blocked; a body without content is a bad response', () => {
    expect(codeOf(() => fromMessage(message([], { stop_reason: 'refusal' }), ctx))).toBe('upstream_blocked');
    expect(fromMessage(message([{ type: 'text', text: 'I would rather not.' }], { stop_reason: 'refusal' }), ctx).message).toBe('I would rather not.');
    expect(codeOf(() => fromMessage('<html>', ctx))).toBe('upstream_bad_response');
    expect(codeOf(() => fromMessage({ id: 'x' }, ctx))).toBe('upstream_bad_response');
  });
});

describe('MessageAssembler', () => {
  const events = [
    { type: 'message_start', message: { ...message([]), stop_reason: null, usage: { input_tokens: 10, cache_read_input_tokens: 3, output_tokens: 1 } } },
    { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Let me see.' } },
    { type: 'content_block_stop', index: 0 },
    { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
    { type: 'ping' },
    { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Bl' } },
    { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'ue.' } },
    { type: 'content_block_stop', index: 1 },
    { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { input_tokens: null, output_tokens: 9 } },
    { type: 'some_future_event' },
    { type: 'message_stop' },
  ];

  it('hands out the answer text only, and puts the events back into the whole message', () => {
    const assembler = new MessageAssembler();
    const pieces = events.map((event) => assembler.add(event));
    expect(pieces.join('|')).toBe('||||||Bl|ue.||||');
    expect(assembler.complete).toBe(true);
    const whole = assembler.message();
    expect(whole).toMatchObject({ id: 'msg_1', model: 'claude-sonnet-4-6', stop_reason: 'end_turn', stop_sequence: null });
    expect(whole.content).toEqual([{ type: 'thinking', thinking: 'Let me see.' }, { type: 'text', text: 'Blue.' }]);
    expect(whole.usage).toEqual({ input_tokens: 10, cache_read_input_tokens: 3, output_tokens: 9 });
    expect(fromMessage(whole, ctx)).toMatchObject({ message: 'Blue.', usage: { inputTokens: 13, outputTokens: 9 } });
  });

  it('is not complete until message_stop', () => {
    const assembler = new MessageAssembler();
    events.slice(0, 8).forEach((event) => assembler.add(event));
    expect([assembler.started, assembler.complete]).toEqual([true, false]);
  });
});
