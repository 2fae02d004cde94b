import { describe, expect, it } from 'vitest';
import { toMessagesBody } from './request.ts';

describe('toMessagesBody', () => {
  it('always sends max_tokens (4096 unless set) and the default model; nothing else unset', () => {
    expect(toMessagesBody('Hi', {})).toEqual({ model: 'claude-haiku-5-5', max_tokens: 4096, messages: [{ role: 'user', content: 'Hi' }] });
  });

  it('puts the system prompt in its own field and the opening turns before the prompt', () => {
    const body = toMessagesBody('Next?', { system: 'Be brief.', messages: [{ role: 'user', content: 'One' }, { role: 'assistant', content: 'Two' }] });
    expect(body.system).toBe('Be brief.');
    expect(body.messages).toEqual([{ role: 'user', content: 'One' }, { role: 'assistant', content: 'Two' }, { role: 'user', content: 'Next?' }]);
  });

  it('renames each setting to its wire name, zero values included; an empty stop list is left out', () => {
    expect(toMessagesBody('Hi', { model: 'claude-sonnet-4-6', temperature: 0, topP: 0.5, topK: 0, maxTokens: 1, stopSequences: ['END'] })).toEqual({
      model: 'claude-sonnet-4-6', max_tokens: 1, messages: [{ role: 'user', content: 'Hi' }], temperature: 0, top_p: 0.5, top_k: 0, stop_sequences: ['END'],
    });
    expect(toMessagesBody('Hi', { stopSequences: [] })).not.toHaveProperty('stop_sequences');
  });
});
