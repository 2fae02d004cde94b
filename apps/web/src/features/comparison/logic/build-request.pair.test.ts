import { DEFAULT_BARD_MESSAGES, DEFAULT_CHATGPT_MESSAGES, type TServiceInfo } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { SERVICES } from '../../../test/fetch-mock.ts';
import { buildComparisonRequest, isPairRequest } from './build-request.ts';
import { buildPairRequest, buildPairSide, toPairMessages } from './pair-request.ts';
import { createDefaultSettings, createKindForms, type ComparisonSettings } from './settings-model.ts';
import { chooseService } from './settle-sides.ts';
import { formOf, isSpecPair, withForm } from './side-settings.ts';

/** What the page sends for these settings (app/comparison-page.tsx): the spec's body for the spec's pair. */
const buildSentRequest = (prompt: string, settings: ComparisonSettings, services: readonly TServiceInfo[]) =>
  isSpecPair(settings) ? buildComparisonRequest(prompt, settings) : buildPairRequest(prompt, settings, services);

const service = (id: string) => {
  const found = SERVICES.services.find((offered) => offered.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe('buildSentRequest', () => {
  it("sends the spec's body, exactly as before, while the spec's pair stands", () => {
    const request = buildSentRequest(' Hi\n', createDefaultSettings(), SERVICES.services);
    expect(request).toStrictEqual({
      prompt: ' Hi\n',
      chatGPT: { messages: DEFAULT_CHATGPT_MESSAGES, logOutput: false },
      bardAPI: { messages: DEFAULT_BARD_MESSAGES, logOutput: false },
    });
    expect(isPairRequest(request)).toBe(false);
  });

  it('sends { prompt, sides } for any other pair: each side its service, model, settings, messages and key', () => {
    let settings = chooseService(createDefaultSettings(), 'a', service('claude'));
    const claude = formOf(settings, 'a', 'anthropic');
    settings = withForm(settings, 'a', 'anthropic', {
      ...claude,
      options: { temperature: { enabled: true, value: 0.3 }, topK: { enabled: false, value: 40 } },
      texts: { system: 'Be brief.' },
      lists: { stopSequences: ['END', ''] },
      messages: [{ role: 'user', content: 'Hello' }],
      apiKey: ' sk-ant ',
      logOutput: true,
    });
    settings = chooseService(settings, 'b', service('router'));
    const request = buildSentRequest('p', settings, SERVICES.services);
    expect(request).toStrictEqual({
      prompt: 'p',
      sides: {
        a: {
          service: 'claude',
          model: 'claude-sonnet-4-6',
          settings: { temperature: 0.3, system: 'Be brief.', stopSequences: ['END'] },
          messages: [{ role: 'user', content: 'Hello' }],
          apiKey: 'sk-ant',
          logOutput: true,
        },
        b: { service: 'router', model: 'meta/llama-3', logOutput: false },
      },
    });
  });

  it('sends only the settings the service declares, and none of the spec panels\' extras', () => {
    let settings = chooseService(createDefaultSettings(), 'b', service('chatgpt'));
    const chat = formOf(settings, 'b', 'openai');
    settings = withForm(settings, 'b', 'openai', {
      ...chat,
      options: { ...chat.options, temperature: { enabled: true, value: 0.2 }, frequencyPenalty: { enabled: true, value: 1 } },
      reasoningEffort: 'high',
      sendUnsupported: true,
    });
    const side = buildPairSide(settings, 'b', service('chatgpt').settings.map((setting) => setting.name));
    expect(side).toStrictEqual({ service: 'chatgpt', model: 'gpt-5-mini', settings: { temperature: 0.2 }, messages: toPairMessages(chat), logOutput: false });
    // The same model on both sides: side a is the spec's ChatGPT form, side b its own.
    const request = buildSentRequest('p', settings, SERVICES.services);
    expect(isPairRequest(request) && request.sides.a).toMatchObject({ service: 'chatgpt', logOutput: false });
    expect(isPairRequest(request) && request.sides.a.settings).toBeUndefined();
  });

  it('names only the service of a left-out side', () => {
    let settings = chooseService(createDefaultSettings(), 'a', service('claude'));
    settings = withForm(settings, 'a', 'anthropic', { ...formOf(settings, 'a', 'anthropic'), leaveOut: true, apiKey: 'sk' });
    const request = buildSentRequest('p', settings, SERVICES.services);
    expect(isPairRequest(request) && request.sides.a).toStrictEqual({ service: 'claude' });
  });
});

describe('toPairMessages', () => {
  it("turns ChatGPT's developer into system, and a Bard author that names no role into the user", () => {
    const chat = createKindForms().openai;
    expect(toPairMessages({ ...chat, messages: [{ role: 'developer', content: 'a' }, { role: 'assistant', content: 'b' }] })).toEqual([
      { role: 'system', content: 'a' },
      { role: 'assistant', content: 'b' },
    ]);
    const bard = createKindForms().google;
    expect(toPairMessages({ ...bard, messages: [{ author: 'Bard', content: 'x' }, { author: ' Assistant ', content: 'y' }] })).toEqual([
      { role: 'user', content: 'x' },
      { role: 'assistant', content: 'y' },
    ]);
  });
});
