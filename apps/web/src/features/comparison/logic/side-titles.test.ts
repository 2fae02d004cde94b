import { RESULT_TITLES } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { SERVICES } from '../../../test/fetch-mock.ts';
import { sentTitles, sideTitles } from './side-titles.ts';

describe('sideTitles', () => {
  it("keeps the spec's names for the spec's pair", () => {
    expect(sideTitles(null)).toEqual({ a: RESULT_TITLES.chatGPT, b: RESULT_TITLES.palmAPI });
  });

  it('names each side of a general pair by service and model', () => {
    expect(sideTitles({ a: { name: 'Claude', model: 'claude-sonnet-4-6' }, b: { name: 'Model Router', model: 'meta/llama-3' } })).toEqual({
      a: 'Claude · claude-sonnet-4-6',
      b: 'Model Router · meta/llama-3',
    });
  });

  it('adds the settings that differ when both sides run the same service and model', () => {
    const titles = sideTitles(
      { a: { name: 'ChatGPT', model: 'gpt-x', settings: { temperature: 0.2, top_p: 0.5 } }, b: { name: 'ChatGPT', model: 'gpt-x', settings: { temperature: 1, top_p: 0.5 } } },
      { top_p: 'Top P' },
    );
    expect(titles).toEqual({ a: 'ChatGPT · gpt-x · temperature 0.2', b: 'ChatGPT · gpt-x · temperature 1' });
  });

  it('says "default" for a setting only one side sends, and lists every difference', () => {
    const titles = sideTitles({ a: { name: 'Claude', model: 'm', settings: { topK: 5, stopSequences: ['END', 'STOP'] } }, b: { name: 'Claude', model: 'm', settings: {} } });
    expect(titles).toEqual({ a: 'Claude · m · top k 5, stop sequences END, STOP', b: 'Claude · m · top k default, stop sequences default' });
  });

  it('uses the given labels and falls back to the side when nothing tells them apart', () => {
    expect(sideTitles({ a: { name: 'Claude', model: 'm', settings: { maxTokens: 10 } }, b: { name: 'Claude', model: 'm', settings: { maxTokens: 20 } } }, { maxTokens: 'Max tokens' }).a).toBe(
      'Claude · m · max tokens 10',
    );
    expect(sideTitles({ a: { name: 'Claude', model: 'm' }, b: { name: 'Claude', model: 'm' } })).toEqual({ a: 'Claude · m · left', b: 'Claude · m · right' });
  });

  it('leaves out a model not named', () => {
    expect(sideTitles({ a: { name: 'Claude', model: '' }, b: { name: 'Palm API', model: '' } })).toEqual({ a: 'Claude', b: 'Palm API' });
  });
});

describe('sentTitles', () => {
  it("names the spec's body by the spec and a general pair from the list, with the service's default model when none was sent", () => {
    expect(sentTitles({ prompt: 'p', chatGPT: {}, bardAPI: {} }, SERVICES.services)).toEqual({ a: RESULT_TITLES.chatGPT, b: RESULT_TITLES.palmAPI });
    const pair = { prompt: 'p', sides: { a: { service: 'claude' }, b: { service: 'router', model: 'mistral/small' } } };
    expect(sentTitles(pair, SERVICES.services)).toEqual({ a: 'Claude · claude-sonnet-4-6', b: 'Model Router · mistral/small' });
    // Without the list, a side is named by its service id.
    expect(sentTitles(pair, null)).toEqual({ a: 'claude', b: 'router · mistral/small' });
  });

  it('labels differing settings with the services\' own labels', () => {
    const pair = { prompt: 'p', sides: { a: { service: 'router', settings: { temperature: 0.2 } }, b: { service: 'router', settings: { temperature: 1 } } } };
    expect(sentTitles(pair, SERVICES.services)).toEqual({ a: 'Model Router · meta/llama-3 · temperature 0.2', b: 'Model Router · meta/llama-3 · temperature 1' });
  });
});
