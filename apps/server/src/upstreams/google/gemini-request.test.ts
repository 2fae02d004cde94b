import { DEFAULT_BARD_MESSAGES } from '@promptpair/contract';
import { GOOGLE_BUILT_IN_DEFAULT } from './catalog.ts';
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
      model: GOOGLE_BUILT_IN_DEFAULT,
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

describe('thinking budget', () => {
  it('goes to thinking models as generationConfig.thinkingConfig.thinkingBudget, never to the others', () => {
    expect(toGeminiRequest('Hi', { model: 'gemini-3-flash-preview', thinkingBudget: 512 }).config).toEqual({ thinkingConfig: { thinkingBudget: 512 } });
    expect(toGeminiRequest('Hi', { model: 'gemini-3-pro-preview', thinkingBudget: -1 }).config).toEqual({ thinkingConfig: { thinkingBudget: -1 } });
    expect(toGeminiRequest('Hi', { model: 'gemini-1.5-flash', thinkingBudget: 512 }).config).toEqual({});
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
    expect(bardModelId({})).toBe(GOOGLE_BUILT_IN_DEFAULT);
  });
});
