import { describe, expect, it } from 'vitest';
import { SERVICES } from '../../../test/fetch-mock.ts';
import { createDefaultSettings } from './settings-model.ts';
import { loadSettings, saveSettings, SETTINGS_STORAGE_KEY } from './settings-storage.ts';
import { chooseService } from './settle-sides.ts';
import { formOf, withForm } from './side-settings.ts';

const claude = SERVICES.services.find((service) => service.id === 'claude');
const router = SERVICES.services.find((service) => service.id === 'router');

describe('settings storage of both sides', () => {
  it('remembers each side\'s service and forms, keys only when opted in', () => {
    if (!claude || !router) throw new Error('fixture');
    let settings = chooseService(chooseService(createDefaultSettings(), 'a', claude), 'b', router);
    settings = withForm(settings, 'a', 'anthropic', {
      ...formOf(settings, 'a', 'anthropic'),
      options: { temperature: { enabled: true, value: 0.4 } },
      texts: { system: 'Be brief.' },
      lists: { stopSequences: ['END'] },
      apiKey: 'sk-ant-secret',
    });
    saveSettings(settings);
    expect(window.localStorage.getItem(SETTINGS_STORAGE_KEY)).not.toMatch(/secret/);
    const loaded = loadSettings();
    expect(loaded.sides.a.service).toBe('claude');
    expect(loaded.sides.b).toMatchObject({ service: 'router', kind: 'openai-compatible' });
    expect(formOf(loaded, 'a', 'anthropic')).toStrictEqual({ ...formOf(settings, 'a', 'anthropic'), apiKey: '' });

    saveSettings({ ...settings, rememberKeys: true });
    expect(formOf(loadSettings(), 'a', 'anthropic').apiKey).toBe('sk-ant-secret');
  });

  it('falls back to the spec pair for a malformed side, and drops malformed parts of a form', () => {
    window.localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({
        sides: {
          a: { service: 'Not An Id!', kind: 'anthropic' },
          b: { service: 'claude', kind: 'anthropic', forms: { anthropic: { options: { temperature: { enabled: 'yes', value: 1 }, 'bad name': { enabled: true, value: 1 } }, messages: [{ role: 'wizard', content: 'x' }], lists: { stopSequences: [1] } } } },
        },
      }),
    );
    const loaded = loadSettings();
    const defaults = createDefaultSettings();
    expect(loaded.sides.a).toStrictEqual(defaults.sides.a);
    expect(loaded.sides.b.service).toBe('claude');
    expect(formOf(loaded, 'b', 'anthropic')).toStrictEqual(formOf(defaults, 'b', 'anthropic'));
  });
});
