import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createModelCatalog, FALLBACK_TTL_MS } from './model-catalog.ts';
import { UpstreamError } from './types.ts';

// The dated fallbacks of openai/catalog.ts and google/catalog.ts, newest first (today's names).
const FALLBACK = {
  chatgpt: ['gpt-5.1', 'gpt-5', 'gpt-5-mini', 'gpt-5-nano', 'gpt-4.1', 'gpt-4o-mini', 'o4-mini', 'o3'],
  palm: ['gemini-3-flash-preview', 'gemini-3-pro-preview'],
};
const today = () => '2026-11-27';

function fakeAdapters(chat: () => Promise<string[]>, gemini: () => Promise<string[]> = () => Promise.resolve(['gemini-3-flash-preview'])) {
  return { openai: { listModels: vi.fn(chat) }, google: { listModels: vi.fn(gemini) } };
}

describe('createModelCatalog', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fetches once for concurrent callers and serves the cache until the ttl ends', async () => {
    let release: (ids: string[]) => void = () => undefined;
    const gate = new Promise<string[]>((resolve) => (release = resolve));
    const adapters = fakeAdapters(() => gate);
    const catalog = createModelCatalog(adapters, { openai: 'sk-op' }, 1_000);
    const first = catalog.modelIds('chatgpt');
    const second = catalog.modelIds('chatgpt');
    release(['gpt-4o']);
    expect(await Promise.all([first, second])).toEqual([['gpt-4o'], ['gpt-4o']]);
    expect(adapters.openai.listModels).toHaveBeenCalledTimes(1);
    expect(adapters.openai.listModels).toHaveBeenCalledWith('sk-op', expect.any(AbortSignal));

    await catalog.modelIds('chatgpt');
    expect(adapters.openai.listModels).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_001);
    await catalog.modelIds('chatgpt');
    expect(adapters.openai.listModels).toHaveBeenCalledTimes(2);
  });

  it('hands out copies, so a caller cannot change the cache', async () => {
    const catalog = createModelCatalog(fakeAdapters(() => Promise.resolve(['gpt-4o'])), { openai: 'k' });
    (await catalog.modelIds('chatgpt')).push('junk');
    expect(await catalog.modelIds('chatgpt')).toEqual(['gpt-4o']);
  });

  it('falls back without a key, without calling the upstream', async () => {
    const adapters = fakeAdapters(() => Promise.resolve(['gpt-4o']));
    const catalog = createModelCatalog(adapters, {}, undefined, { today });
    expect(await catalog.modelIds('chatgpt')).toEqual(FALLBACK.chatgpt);
    expect(await catalog.modelIds('palm')).toEqual(FALLBACK.palm);
    expect(adapters.openai.listModels).not.toHaveBeenCalled();
  });

  it('falls back on failure or an empty list, reports the error, and retries after the short ttl', async () => {
    const onError = vi.fn();
    const failure = new UpstreamError('upstream_unreachable', 'down');
    const answers: (() => Promise<string[]>)[] = [() => Promise.reject(failure), () => Promise.resolve([]), () => Promise.resolve(['gemini-3-pro-preview'])];
    const adapters = fakeAdapters(() => Promise.resolve(['gpt-4o']), () => answers.shift()!());
    const catalog = createModelCatalog(adapters, { google: 'AIza-op' }, 60_000, { onError, today });

    expect(await catalog.modelIds('palm')).toEqual(FALLBACK.palm);
    expect(onError).toHaveBeenCalledWith('palm', failure);
    await catalog.modelIds('palm');
    expect(adapters.google.listModels).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(FALLBACK_TTL_MS + 1);
    expect(await catalog.modelIds('palm')).toEqual(FALLBACK.palm);
    vi.advanceTimersByTime(FALLBACK_TTL_MS + 1);
    expect(await catalog.modelIds('palm')).toEqual(['gemini-3-pro-preview']);
    expect(adapters.google.listModels).toHaveBeenCalledTimes(3);
  });

  it("offers the fallback's defaults and dates without a key: the first preferred model, retirement days shown", async () => {
    const catalog = createModelCatalog(fakeAdapters(() => Promise.resolve([])), {}, undefined, { today });
    const chatgpt = await catalog.offer('chatgpt');
    expect(chatgpt.defaultModel).toBe('gpt-5-mini');
    expect((await catalog.offer('palm')).defaultModel).toBe('gemini-3-flash-preview');
    expect(chatgpt.models.find((model) => model.id === 'gpt-4o-mini')).toEqual({ id: 'gpt-4o-mini', retiresOn: '2027-01-14', reasons: false });
    expect(chatgpt.models.find((model) => model.id === 'gpt-5-mini')).toEqual({ id: 'gpt-5-mini', reasons: true });
  });

  it('reads shutdown days from the entries a service gives and stops offering a model on its day', async () => {
    const entries = [{ id: 'gpt-4o-mini', shutdownDate: '2027-01-14', created: 1 }, { id: 'gpt-5-mini', created: 2 }];
    const adapters = { openai: { listModels: vi.fn(), listModelEntries: vi.fn(() => Promise.resolve(entries)) }, google: { listModels: vi.fn(() => Promise.resolve([])) } };
    let day = '2027-01-13';
    const catalog = createModelCatalog(adapters, { openai: 'k' }, 60_000, { today: () => day });
    expect((await catalog.offer('chatgpt')).models.map((model) => model.id)).toEqual(['gpt-5-mini', 'gpt-4o-mini']);
    day = '2027-01-14';
    expect(await catalog.modelIds('chatgpt')).toEqual(['gpt-5-mini']);
    expect(adapters.openai.listModels).not.toHaveBeenCalled();
  });
});
