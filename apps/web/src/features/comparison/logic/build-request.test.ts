import { DEFAULT_BARD_MESSAGES, DEFAULT_CHATGPT_MESSAGES } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { buildComparisonRequest } from './build-request.ts';
import { createDefaultSettings } from './settings-model.ts';

describe('buildComparisonRequest', () => {
  it('sends the prompt as typed, and per service model, messages and logOutput only by default', () => {
    expect(buildComparisonRequest(' Hi\n', createDefaultSettings())).toStrictEqual({
      prompt: ' Hi\n',
      // No model until the server's offer names the default: the server then sends the service's own.
      chatGPT: { messages: DEFAULT_CHATGPT_MESSAGES, logOutput: false },
      bardAPI: { messages: DEFAULT_BARD_MESSAGES, logOutput: false },
    });
  });

  it("sends a reasoning model's effort and the insist box, and a thinking budget only when ticked", () => {
    const settings = createDefaultSettings();
    settings.sides.a.forms.openai.model = 'gpt-5-mini';
    settings.sides.a.forms.openai.reasoningEffort = 'high';
    settings.sides.a.forms.openai.sendUnsupported = true;
    expect(buildComparisonRequest('p', settings).chatGPT).toMatchObject({ model: 'gpt-5-mini', reasoningEffort: 'high', sendUnsupported: true });
    expect(buildComparisonRequest('p', settings).bardAPI).not.toHaveProperty('thinkingBudget');
    settings.sides.b.forms.google.thinkingBudget = { enabled: true, value: 0 };
    expect(buildComparisonRequest('p', settings).bardAPI).toMatchObject({ thinkingBudget: 0 });
  });

  it('adds exactly the enabled options with their values', () => {
    const settings = createDefaultSettings();
    settings.sides.a.forms.openai.options.maxLength = { enabled: true, value: 100 };
    settings.sides.a.forms.openai.options.temperature = { enabled: false, value: 0.3 };
    settings.sides.b.forms.google.options.topK = { enabled: true, value: 7 };
    const request = buildComparisonRequest('p', settings);
    expect(request.chatGPT).toMatchObject({ maxLength: 100 });
    expect(request.chatGPT).not.toHaveProperty('temperature');
    expect(request.bardAPI).toMatchObject({ topK: 7 });
    expect(Object.keys(request.bardAPI ?? {})).toHaveLength(3);
  });

  it('trims a key and leaves a blank one out', () => {
    const settings = createDefaultSettings();
    settings.sides.a.forms.openai.apiKey = '  sk-1 ';
    settings.sides.b.forms.google.apiKey = ' \t ';
    const request = buildComparisonRequest('p', settings);
    expect(request.chatGPT?.apiKey).toBe('sk-1');
    expect(request.bardAPI).not.toHaveProperty('apiKey');
  });

  it('omits a left-out service entirely', () => {
    const settings = createDefaultSettings();
    settings.sides.b.forms.google.leaveOut = true;
    expect(buildComparisonRequest('p', settings)).not.toHaveProperty('bardAPI');
    settings.sides.a.forms.openai.leaveOut = true;
    expect(buildComparisonRequest('p', settings)).toStrictEqual({ prompt: 'p' });
  });

  it('does not share message objects with the form', () => {
    const settings = createDefaultSettings();
    const request = buildComparisonRequest('p', settings);
    expect(request.chatGPT?.messages?.[0]).not.toBe(settings.sides.a.forms.openai.messages[0]);
  });
});
