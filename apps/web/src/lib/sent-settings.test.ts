import { describe, expect, it } from 'vitest';
import { sentSettings } from './sent-settings.ts';
import { withoutKeys } from './without-keys.ts';

describe('sentSettings', () => {
  it("gives the spec's body's settings objects as they are", () => {
    expect(sentSettings({ prompt: 'p', chatGPT: { temperature: 1 } })).toEqual({ a: { temperature: 1 }, b: null });
  });

  it("gives a general pair's side as one object, model and messages beside the settings, and null for a left-out side", () => {
    const request = {
      prompt: 'p',
      sides: { a: { service: 'claude', model: 'm', settings: { temperature: 0.2 }, messages: [{ role: 'user' as const, content: 'Hi' }], logOutput: true }, b: { service: 'router' } },
    };
    expect(sentSettings(request)).toEqual({ a: { model: 'm', temperature: 0.2, messages: [{ role: 'user', content: 'Hi' }], logOutput: true }, b: null });
  });
});

describe('withoutKeys', () => {
  it("drops each side's key from a general pair, and nothing else", () => {
    const request = { prompt: 'p', sides: { a: { service: 'claude', apiKey: 'sk-a', model: 'm' }, b: { service: 'router', apiKey: 'sk-b' } } };
    expect(withoutKeys(request)).toStrictEqual({ prompt: 'p', sides: { a: { service: 'claude', model: 'm' }, b: { service: 'router' } } });
    expect(JSON.stringify(withoutKeys(request))).not.toMatch(/sk-/);
  });
});
