import { describe, expect, it } from 'vitest';
import { createDefaultSettings } from './settings-model.ts';
import { loadSettings, saveSettings, SETTINGS_STORAGE_KEY, toStoredSettings } from './settings-storage.ts';

describe('settings storage', () => {
  it('round-trips everything but the keys', () => {
    const settings = createDefaultSettings();
    settings.chatGPT.apiKey = 'sk-secret';
    settings.bard.apiKey = 'AIza-secret';
    settings.bard.options.topP = { enabled: true, value: 0.25 };
    settings.chatGPT.messages = [{ role: 'system', content: 'Be short.' }];
    saveSettings(settings);

    expect(window.localStorage.getItem(SETTINGS_STORAGE_KEY)).not.toMatch(/secret/);
    expect(loadSettings()).toStrictEqual({
      ...settings,
      chatGPT: { ...settings.chatGPT, apiKey: '' },
      bard: { ...settings.bard, apiKey: '' },
    });
  });

  it('keeps the keys when the visitor opted in', () => {
    const settings = { ...createDefaultSettings(), rememberKeys: true };
    settings.chatGPT.apiKey = 'sk-kept';
    expect(toStoredSettings(settings).chatGPT.apiKey).toBe('sk-kept');
    saveSettings(settings);
    expect(loadSettings().chatGPT.apiKey).toBe('sk-kept');
  });

  it('falls back to defaults for missing, malformed or out-of-range parts', () => {
    expect(loadSettings()).toStrictEqual(createDefaultSettings());
    window.localStorage.setItem(SETTINGS_STORAGE_KEY, '{not json');
    expect(loadSettings()).toStrictEqual(createDefaultSettings());
    window.localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({
        chatGPT: {
          model: '',
          messages: [{ role: 'wizard', content: 'x' }],
          options: { top_p: { enabled: true, value: 5 }, maxLength: { enabled: true, value: 10 } },
          apiKey: 'sk-sneaky',
          leaveOut: 'yes',
        },
        bard: { options: { maxOutputTokens: { enabled: true, value: 0 } } },
      }),
    );
    const loaded = loadSettings();
    const defaults = createDefaultSettings();
    expect(loaded.chatGPT.model).toBe(defaults.chatGPT.model);
    expect(loaded.chatGPT.messages).toEqual(defaults.chatGPT.messages);
    expect(loaded.chatGPT.options.top_p).toEqual(defaults.chatGPT.options.top_p);
    expect(loaded.chatGPT.options.maxLength).toEqual({ enabled: true, value: 10 });
    expect(loaded.chatGPT.apiKey).toBe('');
    expect(loaded.chatGPT.leaveOut).toBe(false);
    // Bard's max output tokens may rest at its initial 0 although the slider starts at 1.
    expect(loaded.bard.options.maxOutputTokens).toEqual({ enabled: true, value: 0 });
  });
});
