import { FALLBACK_MODELS } from '@promptpair/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createModelCatalog, FALLBACK_TTL_MS } from './model-catalog.ts';
import { UpstreamError } from './types.ts';

function fakeAdapters(chat: () => Promise<string[]>, bard: () => Promise<string[]> = () => Promise.resolve(['gemini-2.0-flash'])) {
  return { chatGPT: { listModels: vi.fn(chat) }, bard: { listModels: vi.fn(bard) } };
}

describe('createModelCatalog', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fetches once for concurrent callers and serves the cache until the ttl ends', async () => {
    let release: (ids: string[]) => void = () => undefined;
    const gate = new Promise<string[]>((resolve) => (release = resolve));
    const adapters = fakeAdapters(() => gate);
    const catalog = createModelCatalog(adapters, { openai: 'sk-op' }, 1_000);
    const first = catalog.chatGPTModels();
    const second = catalog.chatGPTModels();
    release(['gpt-4o']);
    expect(await Promise.all([first, second])).toEqual([['gpt-4o'], ['gpt-4o']]);
    expect(adapters.chatGPT.listModels).toHaveBeenCalledTimes(1);
    expect(adapters.chatGPT.listModels).toHaveBeenCalledWith('sk-op', expect.any(AbortSignal));

    await catalog.chatGPTModels();
    expect(adapters.chatGPT.listModels).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_001);
    await catalog.chatGPTModels();
    expect(adapters.chatGPT.listModels).toHaveBeenCalledTimes(2);
  });

  it('hands out copies, so a caller cannot change the cache', async () => {
    const catalog = createModelCatalog(fakeAdapters(() => Promise.resolve(['gpt-4o'])), { openai: 'k' });
    (await catalog.chatGPTModels()).push('junk');
    expect(await catalog.chatGPTModels()).toEqual(['gpt-4o']);
  });

  it('falls back without a key, without calling the upstream', async () => {
    const adapters = fakeAdapters(() => Promise.resolve(['gpt-4o']));
    const catalog = createModelCatalog(adapters, {});
    expect(await catalog.chatGPTModels()).toEqual(FALLBACK_MODELS.chatGPT);
    expect(await catalog.bardModels()).toEqual(FALLBACK_MODELS.bard);
    expect(adapters.chatGPT.listModels).not.toHaveBeenCalled();
  });

  it('falls back on failure or an empty list, reports the error, and retries after the short ttl', async () => {
    const onError = vi.fn();
    const failure = new UpstreamError('upstream_unreachable', 'down');
    const answers: (() => Promise<string[]>)[] = [() => Promise.reject(failure), () => Promise.resolve([]), () => Promise.resolve(['gemini-2.5-pro'])];
    const adapters = fakeAdapters(() => Promise.resolve(['gpt-4o']), () => answers.shift()!());
    const catalog = createModelCatalog(adapters, { google: 'AIza-op' }, 60_000, { onError });

    expect(await catalog.bardModels()).toEqual(FALLBACK_MODELS.bard);
    expect(onError).toHaveBeenCalledWith('bard', failure);
    await catalog.bardModels();
    expect(adapters.bard.listModels).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(FALLBACK_TTL_MS + 1);
    expect(await catalog.bardModels()).toEqual(FALLBACK_MODELS.bard);
    vi.advanceTimersByTime(FALLBACK_TTL_MS + 1);
    expect(await catalog.bardModels()).toEqual(['gemini-2.5-pro']);
    expect(adapters.bard.listModels).toHaveBeenCalledTimes(3);
  });
});
