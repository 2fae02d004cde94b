// Walks the one list of kinds: every kind the contract names has its adapter, its simulator, its
// price table and its settings descriptors here, each of them working against the simulator.
import { KIND_SETTINGS, SERVICE_KINDS, type TServiceKind } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { withBudget } from './index.ts';
import { SERVICE_KIND_REGISTRY } from './registry.ts';
import { GOOD_KEY, signal, useFakeUpstream } from './test/harness.ts';

const { fake, config } = useFakeUpstream();
/** A service of each kind the simulator serves: the compatible kind's by its sample id. */
const SIMULATED_ID: Record<TServiceKind, string> = { openai: 'chatgpt', google: 'palm', anthropic: 'claude', 'openai-compatible': 'router' };
/** The model each kind's services are priced and called with when the kind names none. */
const modelOf = (kind: TServiceKind) => SERVICE_KIND_REGISTRY[kind].defaultModel ?? 'meta-llama/llama-3.3-70b-instruct';

describe('the registry of service kinds', () => {
  it('has exactly the contract’s kinds, each under its own name', () => {
    expect(Object.keys(SERVICE_KIND_REGISTRY).sort()).toEqual([...SERVICE_KINDS].sort());
    for (const kind of SERVICE_KINDS) expect(SERVICE_KIND_REGISTRY[kind].kind).toBe(kind);
  });

  it.each(SERVICE_KINDS)('%s: its settings descriptors name settings of its schema, with defaults the schema takes', (kind) => {
    const entry = SERVICE_KIND_REGISTRY[kind];
    expect(entry.settings).toBe(KIND_SETTINGS[kind]);
    expect(entry.settings.length).toBeGreaterThan(0);
    const shape = (entry.settingsSchema as z.ZodObject).shape;
    for (const setting of entry.settings) {
      expect(Object.keys(shape)).toContain(setting.name);
      if (setting.control === 'slider') expect(entry.settingsSchema.safeParse({ [setting.name]: setting.range.default === 0 ? setting.range.min : setting.range.default }).success).toBe(true);
    }
  });

  it.each(SERVICE_KINDS.filter((kind) => kind !== 'openai-compatible'))('%s: prices its default and every fallback model', (kind) => {
    const entry = SERVICE_KIND_REGISTRY[kind];
    expect(entry.realBaseUrl).toMatch(/^https:\/\//);
    expect(entry.prices[modelOf(kind)]).toBeDefined();
    for (const model of entry.fallbackModels.filter((id) => !id.includes('bison'))) expect(entry.prices[model], model).toBeDefined();
  });

  it.each(SERVICE_KINDS.filter((kind) => kind !== 'openai-compatible'))('%s: knows the context window of its default and every fallback model', (kind) => {
    const entry = SERVICE_KIND_REGISTRY[kind];
    for (const model of [modelOf(kind), ...entry.fallbackModels]) expect(entry.contextTokens[model], model).toBeGreaterThan(0);
  });

  it('openai-compatible: takes its models and prices from each service’s declaration, not from the kind', () => {
    const entry = SERVICE_KIND_REGISTRY['openai-compatible'];
    expect(entry.prices).toEqual({});
    expect(entry.contextTokens).toEqual({});
    expect(entry.defaultModel).toBeUndefined();
    expect(entry.realBaseUrl).toBeUndefined();
  });

  it.each(SERVICE_KINDS)('%s: its simulator answers through its adapter, JSON and streamed, with tokens', async (kind) => {
    const entry = SERVICE_KIND_REGISTRY[kind];
    const baseUrl = entry.simulatorBaseUrl(fake(), SIMULATED_ID[kind]);
    const adapter = withBudget(entry.createAdapter(config(), { id: SIMULATED_ID[kind], name: 'Simulated', baseUrl }), config());
    const settings = entry.settingsSchema.parse({ model: modelOf(kind) }) as never;
    const whole = await adapter.generate({ prompt: 'Name a colour.', settings, apiKey: GOOD_KEY, signal: signal() });
    expect(whole.message).not.toBe('');
    expect(whole.usage?.outputTokens).toBeGreaterThan(0);
    const pieces: string[] = [];
    const streamed = await adapter.generate({ prompt: 'Name a colour.', settings, apiKey: GOOD_KEY, signal: signal(), onText: (text) => pieces.push(text) });
    expect(pieces.join('')).toBe(streamed.message);
    expect(await adapter.listModels(GOOD_KEY, signal())).not.toEqual([]);
  });

  it('names a compatible service as declared in its error texts', async () => {
    const entry = SERVICE_KIND_REGISTRY['openai-compatible'];
    const adapter = entry.createAdapter(config(), { id: 'router', name: 'Model Router', baseUrl: fake().compatBaseUrl('router') });
    const failure = await adapter.generate({ prompt: 'Hi', settings: { model: 'meta-llama/llama-3.3-70b-instruct' } as never, apiKey: 'bad-key-0000', signal: signal() }).catch((error: unknown) => error);
    expect((failure as Error).message).toMatch(/^Model Router /);
  });
});
