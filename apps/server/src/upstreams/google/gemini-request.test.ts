import { DEFAULT_BARD_MESSAGES, DEFAULT_MODELS } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { bardModelId, isPalmModel, toGeminiRequest } from './gemini-request.ts';

describe('toGeminiRequest', () => {
  it('maps the default history and every option', () => {
    const request = toGeminiRequest('Name a colour.', {
      model: 'gemini-2.5-flash',
      messages: DEFAULT_BARD_MESSAGES,
      temperature: 0.7,
      candidateCount: 2,
      maxOutputTokens: 256,
      topP: 0.95,
      topK: 40,
    });
    expect(request).toEqual({
      model: 'gemini-2.5-flash',
      contents: [{ role: 'user', parts: [{ text: 'Name a colour.' }] }],
      config: {
        systemInstruction: { parts: [{ text: 'You are a helpful assistant.' }, { text: 'Hello!' }] },
        temperature: 0.7,
        candidateCount: 2,
        maxOutputTokens: 256,
        topP: 0.95,
        topK: 40,
      },
    });
  });

  it('leaves out topK and maxOutputTokens when 0, and unset options entirely', () => {
    expect(toGeminiRequest('Hi', { topK: 0, maxOutputTokens: 0, topP: 0 })).toEqual({
      model: DEFAULT_MODELS.bard,
      contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
      config: { topP: 0 },
    });
  });

  it('keeps model turns as role "model" with each message as a part', () => {
    const request = toGeminiRequest('Name a colour.', {
      messages: [
        { author: 'user', content: 'Hi' },
        { author: 'Bard', content: 'Hello!' },
        { author: 'Bard', content: 'How can I help?' },
      ],
    });
    expect(request.contents).toEqual([
      { role: 'user', parts: [{ text: 'Hi' }] },
      { role: 'model', parts: [{ text: 'Hello!' }, { text: 'How can I help?' }] },
      { role: 'user', parts: [{ text: 'Name a colour.' }] },
    ]);
  });
});

describe('model routing', () => {
  it.each([
    ['chat-bison-001', true],
    ['models/chat-bison-001', true],
    ['text-bison-001', true],
    ['codechat-bison', true],
    ['gemini-2.0-flash', false],
    ['gemini-bisonic', false],
  ])('%s is PaLM: %s', (model, palm) => {
    expect(isPalmModel(model)).toBe(palm);
  });

  it('strips the models/ prefix and defaults to the Gemini default', () => {
    expect(bardModelId({ model: 'models/gemini-2.0-flash' })).toBe('gemini-2.0-flash');
    expect(bardModelId({})).toBe(DEFAULT_MODELS.bard);
  });
});
