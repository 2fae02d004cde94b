import { describe, expect, it } from 'vitest';
import { toChatCompletionRequest, usesLegacyMaxTokens } from './request.ts';
import { OPENAI_BUILT_IN_DEFAULT } from './catalog.ts';

describe('reasoning models (o-series, gpt-5 family)', () => {
  const all = { temperature: 0.7, top_p: 0.5, frequencyPenalty: 1, presencePenalty: 1, maxLength: 256 } as const;

  it('leave out the sampling settings they do not take, use max_completion_tokens and take reasoning_effort', () => {
    for (const model of ['gpt-5-mini', 'gpt-5.1', 'o4-mini', 'o3']) {
      expect(toChatCompletionRequest('Hi', { model, ...all, reasoningEffort: 'low' })).toEqual({
        model,
        messages: [{ role: 'user', content: 'Hi' }],
        max_completion_tokens: 256,
        reasoning_effort: 'low',
      });
    }
  });

  it('send the sampling settings when the visitor insists', () => {
    expect(toChatCompletionRequest('Hi', { model: 'gpt-5-mini', ...all, sendUnsupported: true })).toEqual({
      model: 'gpt-5-mini',
      messages: [{ role: 'user', content: 'Hi' }],
      temperature: 0.7,
      top_p: 0.5,
      frequency_penalty: 1,
      presence_penalty: 1,
      max_completion_tokens: 256,
    });
  });

  it('never send reasoning_effort to a model that does not reason; chat-latest aliases do not reason', () => {
    for (const model of ['gpt-4.1', 'gpt-5-chat-latest']) {
      expect(toChatCompletionRequest('Hi', { model, temperature: 0.7, reasoningEffort: 'high' })).toEqual({
        model,
        messages: [{ role: 'user', content: 'Hi' }],
        temperature: 0.7,
      });
    }
  });
});

describe('toChatCompletionRequest', () => {
  it('puts the history first and the prompt last, with the default model', () => {
    const request = toChatCompletionRequest('Name a colour.', {
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hello!' },
      ],
    });
    expect(request).toEqual({
      model: OPENAI_BUILT_IN_DEFAULT,
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
