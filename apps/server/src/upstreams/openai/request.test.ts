import { DEFAULT_MODELS } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { toChatCompletionRequest, usesLegacyMaxTokens } from './request.ts';

describe('toChatCompletionRequest', () => {
  it('puts the history first and the prompt last, with the default model', () => {
    const request = toChatCompletionRequest('Name a colour.', {
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hello!' },
      ],
    });
    expect(request).toEqual({
      model: DEFAULT_MODELS.chatGPT,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hello!' },
        { role: 'user', content: 'Name a colour.' },
      ],
    });
  });

  it('sends only the options that are present, renamed to snake_case', () => {
    expect(toChatCompletionRequest('Hi', { model: 'gpt-4o', frequencyPenalty: 0 })).toEqual({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'Hi' }],
      frequency_penalty: 0,
    });
    expect(
      toChatCompletionRequest('Hi', { model: 'gpt-4o', temperature: 0.7, top_p: 0.5, presencePenalty: 1, maxLength: 256 }),
    ).toEqual({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'Hi' }],
      temperature: 0.7,
      top_p: 0.5,
      presence_penalty: 1,
      max_completion_tokens: 256,
    });
  });

  it('uses max_tokens only for the legacy families', () => {
    expect(toChatCompletionRequest('Hi', { model: 'gpt-3.5-turbo', maxLength: 10 })).toMatchObject({ max_tokens: 10 });
    expect(toChatCompletionRequest('Hi', { model: 'o3-mini', maxLength: 10 })).not.toHaveProperty('max_tokens');
  });
});

describe('usesLegacyMaxTokens', () => {
  it.each([
    ['gpt-3.5-turbo', true],
    ['gpt-3.5-turbo-0125', true],
    ['gpt-4', true],
    ['gpt-4-turbo', true],
    ['gpt-4-0613', true],
    ['gpt-4o', false],
    ['gpt-4o-mini', false],
    ['gpt-4.1', false],
    ['gpt-5', false],
    ['o1', false],
    ['o3-mini', false],
    ['o4-mini', false],
    ['chatgpt-4o-latest', false],
    ['my-proxy-model', false],
  ])('%s → %s', (model, legacy) => {
    expect(usesLegacyMaxTokens(model)).toBe(legacy);
  });
});
