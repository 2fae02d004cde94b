import { DEFAULT_BARD_MESSAGES, DEFAULT_CHATGPT_MESSAGES } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { SERVICES } from '../../../test/fetch-mock.ts';
import { runSettings } from './run-settings.ts';
import { createDefaultSettings } from './settings-model.ts';
import { chooseService } from './settle-sides.ts';
import { formOf, withForm } from './side-settings.ts';

const service = (id: string) => {
  const found = SERVICES.services.find((offered) => offered.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe('runSettings', () => {
  it("gives a run the spec's two panels while the spec's pair stands, and no sides", async () => {
    const settings = createDefaultSettings();
    const chatGPT = formOf(settings, 'a', 'openai');
    const sent = await runSettings(withForm(settings, 'a', 'openai', { ...chatGPT, options: { ...chatGPT.options, temperature: { enabled: true, value: 0.4 } } }), SERVICES.services);
    expect(sent).toStrictEqual({
      chatGPT: { messages: DEFAULT_CHATGPT_MESSAGES, temperature: 0.4, logOutput: false },
      bardAPI: { messages: DEFAULT_BARD_MESSAGES, logOutput: false },
    });
  });

  it('gives a run the general pair on the page: each side its service, model and settings, nothing of the spec panels', async () => {
    let settings = chooseService(createDefaultSettings(), 'a', service('claude'));
    const claude = formOf(settings, 'a', 'anthropic');
    settings = withForm(settings, 'a', 'anthropic', { ...claude, options: { ...claude.options, temperature: { enabled: true, value: 0.3 } }, texts: { system: 'Be brief.' } });
    settings = chooseService(settings, 'b', service('router'));
    const sent = await runSettings(settings, SERVICES.services);
    expect(sent).toStrictEqual({
      sides: {
        a: { service: 'claude', model: 'claude-sonnet-4-6', settings: { temperature: 0.3, system: 'Be brief.' }, logOutput: false },
        b: { service: 'router', model: 'meta/llama-3', logOutput: false },
      },
    });
    expect(sent).not.toHaveProperty('chatGPT');
    expect(sent).not.toHaveProperty('bardAPI');
  });
});
