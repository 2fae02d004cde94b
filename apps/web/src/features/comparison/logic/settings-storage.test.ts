import { describe, expect, it } from 'vitest';
import { createDefaultSettings } from './settings-model.ts';
import { loadSettings, saveSettings, SETTINGS_STORAGE_KEY, toStoredSettings } from './settings-storage.ts';

describe('settings storage', () => {
  it('round-trips everything but the keys', () => {
    const settings = createDefaultSettings();
    settings.sides.a.forms.openai.apiKey = 'sk-secret';
    settings.sides.b.forms.google.apiKey = 'AIza-secret';
    settings.sides.b.forms.anthropic.apiKey = 'sk-ant-secret';
    settings.sides.b.forms.google.options.topP = { enabled: true, value: 0.25 };
    settings.sides.a.forms.openai.messages = [{ role: 'system', content: 'Be short.' }];
    saveSettings(settings);

    expect(window.localStorage.getItem(SETTINGS_STORAGE_KEY)).not.toMatch(/secret/);
    const expected = createDefaultSettings();
    expected.sides.b.forms.google.options.topP = { enabled: true, value: 0.25 };
    expected.sides.a.forms.openai.messages = [{ role: 'system', content: 'Be short.' }];
    expect(loadSettings()).toStrictEqual(expected);
  });

  it('keeps the keys when the visitor opted in', () => {
    const settings = { ...createDefaultSettings(), rememberKeys: true };
    settings.sides.a.forms.openai.apiKey = 'sk-kept';
    expect(toStoredSettings(settings).sides.a.forms.openai.apiKey).toBe('sk-kept');
    saveSettings(settings);
    expect(loadSettings().sides.a.forms.openai.apiKey).toBe('sk-kept');
  });

  it('falls back to defaults for missing, malformed or out-of-range parts', () => {
    expect(loadSettings()).toStrictEqual(createDefaultSettings());
    window.localStorage.setItem(SETTINGS_STORAGE_KEY, '{not json');
    expect(loadSettings()).toStrictEqual(createDefaultSettings());
    window.localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({
        sides: {
          a: {
            service: 'chatgpt',
            kind: 'openai',
            forms: {
              openai: {
                model: '',
                messages: [{ role: 'wizard', content: 'x' }],
                options: { top_p: { enabled: true, value: 5 }, maxLength: { enabled: true, value: 10 } },
                apiKey: 'sk-sneaky',
                leaveOut: 'yes',
              },
            },
          },
          b: { service: 'palm', kind: 'google', forms: { google: { options: { maxOutputTokens: { enabled: true, value: 0 } } } } },
        },
      }),
    );
    const loaded = loadSettings().sides;
    const defaults = createDefaultSettings().sides;
    expect(loaded.a.forms.openai.model).toBe(defaults.a.forms.openai.model);
    expect(loaded.a.forms.openai.messages).toEqual(defaults.a.forms.openai.messages);
    expect(loaded.a.forms.openai.options.top_p).toEqual(defaults.a.forms.openai.options.top_p);
    expect(loaded.a.forms.openai.options.maxLength).toEqual({ enabled: true, value: 10 });
    expect(loaded.a.forms.openai.apiKey).toBe('');
    expect(loaded.a.forms.openai.leaveOut).toBe(false);
    // Google's max output tokens may rest at its initial 0 although the slider starts at 1.
    expect(loaded.b.forms.google.options.maxOutputTokens).toEqual({ enabled: true, value: 0 });
  });

  it('keeps a returning visitor’s spec panels stored in the earlier shape (top-level chatGPT and bard), and stores them by side from then on', () => {
    const earlier = {
      rememberKeys: true,
      chatGPT: { model: 'gpt-4o-mini', messages: [{ role: 'system', content: 'Be short.' }], options: { temperature: { enabled: true, value: 0.4 } }, apiKey: 'sk-old', logOutput: true, reasoningEffort: 'low' },
      bard: { model: 'gemini-2.5-flash', options: { topK: { enabled: true, value: 7 } }, thinkingBudget: { enabled: true, value: 512 } },
      sides: {
        a: { service: 'chatgpt', kind: 'openai', forms: { anthropic: { model: 'claude-x', options: {}, texts: { system: 'Hi' } } } },
        b: { service: 'palm', kind: 'google', forms: { openai: { model: 'gpt-5-mini' } } },
      },
    };
    window.localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(earlier));

    const { sides, rememberKeys } = loadSettings();
    expect(rememberKeys).toBe(true);
    expect(sides.a.forms.openai).toMatchObject({ model: 'gpt-4o-mini', messages: [{ role: 'system', content: 'Be short.' }], apiKey: 'sk-old', logOutput: true, reasoningEffort: 'low' });
    expect(sides.a.forms.openai.options.temperature).toEqual({ enabled: true, value: 0.4 });
    expect(sides.b.forms.google).toMatchObject({ model: 'gemini-2.5-flash', thinkingBudget: { enabled: true, value: 512 } });
    expect(sides.b.forms.google.options.topK).toEqual({ enabled: true, value: 7 });
    // The forms each side kept in its own place stay where they were.
    expect(sides.a.forms.anthropic).toMatchObject({ model: 'claude-x', texts: { system: 'Hi' } });
    expect(sides.b.forms.openai.model).toBe('gpt-5-mini');

    saveSettings(loadSettings());
    const stored = JSON.parse(window.localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    expect(Object.keys(stored).sort()).toEqual(['rememberKeys', 'sides']);
    expect(loadSettings().sides).toStrictEqual(sides);
  });

  it('prefers a side’s own place over the earlier one when both hold a form', () => {
    window.localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({ chatGPT: { model: 'gpt-old' }, sides: { a: { service: 'chatgpt', kind: 'openai', forms: { openai: { model: 'gpt-new' } } } } }),
    );
    expect(loadSettings().sides.a.forms.openai.model).toBe('gpt-new');
  });
});
