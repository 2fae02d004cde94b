import { MODEL_TEXTS, RESULT_TITLES, SIDE_TEXTS, type TServiceInfo } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { SERVICES } from '../../../test/fetch-mock.ts';
import { createDefaultSettings } from './settings-model.ts';
import { chooseService, settleSides } from './settle-sides.ts';
import { currentForm, formOf, isSpecPair, withForm } from './side-settings.ts';

const offered = SERVICES.services;
const service = (id: string) => offered.find((entry) => entry.id === id) as TServiceInfo;

describe('side settings', () => {
  it("starts as the spec's pair: ChatGPT's form on the left, Palm API's on the right", () => {
    const settings = createDefaultSettings();
    expect(isSpecPair(settings)).toBe(true);
    expect(currentForm(settings, 'a')).toBe(settings.sides.a.forms.openai);
    expect(currentForm(settings, 'b')).toBe(settings.sides.b.forms.google);
  });

  it('keeps a form per side and kind: the same service on both sides holds two forms', () => {
    let settings = chooseService(createDefaultSettings(), 'b', service('chatgpt'));
    expect(isSpecPair(settings)).toBe(false);
    settings = withForm(settings, 'b', 'openai', { ...formOf(settings, 'b', 'openai'), apiKey: 'right' });
    expect(formOf(settings, 'a', 'openai').apiKey).toBe('');
    expect(formOf(settings, 'b', 'openai').apiKey).toBe('right');
    // Back to Palm API: its form is as it was, holding one of its models.
    expect(currentForm(chooseService(settings, 'b', service('palm')), 'b')).toStrictEqual({ ...formOf(settings, 'b', 'google'), model: 'gemini-3-flash-preview' });
  });

  it("gives a newly chosen service's form one of its models, its default when the form's is not offered", () => {
    const settings = chooseService(createDefaultSettings(), 'a', service('router'));
    expect(formOf(settings, 'a', 'openai-compatible').model).toBe('meta/llama-3');
    const kept = withForm(settings, 'a', 'openai-compatible', { ...formOf(settings, 'a', 'openai-compatible'), model: 'mistral/small' });
    expect(formOf(chooseService(kept, 'a', service('router')), 'a', 'openai-compatible').model).toBe('mistral/small');
  });
});

describe('settleSides', () => {
  it('replaces a remembered service no longer offered with the side\'s default, with a notice', () => {
    const settings = createDefaultSettings();
    settings.sides.a = { ...settings.sides.a, service: 'gone', kind: 'openai-compatible' };
    const { settings: settled, notices } = settleSides(settings, offered);
    expect(settled.sides.a).toMatchObject({ service: 'chatgpt', kind: 'openai' });
    expect(notices.a).toBe(SIDE_TEXTS.serviceGone('a', 'gone', 'ChatGPT'));
    expect(notices.b).toBeUndefined();
  });

  it("replaces a remembered model its service no longer offers, and picks the default for none, notice only for the remembered", () => {
    const settings = chooseService(createDefaultSettings(), 'b', service('claude'));
    const remembered = withForm(settings, 'b', 'anthropic', { ...formOf(settings, 'b', 'anthropic'), model: 'claude-2' });
    const { settings: settled, notices } = settleSides(remembered, offered);
    expect(formOf(settled, 'b', 'anthropic').model).toBe('claude-sonnet-4-6');
    expect(notices.b).toBe(SIDE_TEXTS.modelGone('Claude', 'claude-2', 'claude-sonnet-4-6'));
    const blank = withForm(settings, 'b', 'anthropic', { ...formOf(settings, 'b', 'anthropic'), model: '' });
    expect(settleSides(blank, offered).notices).toEqual({});
  });

  it("leaves the spec panels' models to GET /api/models (their notice is MODEL_TEXTS')", () => {
    const settings = createDefaultSettings();
    settings.sides.a.forms.openai.model = 'gpt-3.5-turbo';
    const { settings: settled, notices } = settleSides(settings, offered);
    expect(formOf(settled, 'a', 'openai').model).toBe('gpt-3.5-turbo');
    expect(notices).toEqual({});
    expect(MODEL_TEXTS.rememberedModelGone(RESULT_TITLES.chatGPT, 'gpt-3.5-turbo', 'gpt-5-mini')).toMatch(/no longer offered/);
  });

  it('changes nothing when every choice is offered', () => {
    const settings = createDefaultSettings();
    expect(settleSides(settings, offered)).toEqual({ settings, notices: {} });
  });
});
