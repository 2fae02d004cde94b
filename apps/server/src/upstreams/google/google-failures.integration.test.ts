// Google failures over real HTTP: every error class, retries and timeouts (docs/wire-formats.md §3.7, §4.4).
import type { TBardSettings } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { createAdapters } from '../index.ts';
import { BAD_KEY, signal, upstreamFailure, useFakeUpstream } from '../test/harness.ts';

const KEY = 'AIzaSyFakeGoodKey0123456789abcdefgh';
const { fake, config } = useFakeUpstream();
const generate = (settings: TBardSettings, overrides = {}, apiKey = KEY) =>
  createAdapters(config(overrides)).google.generate({ prompt: 'Name a colour.', settings, apiKey, signal: signal() });
const GEMINI = { model: 'gemini-3-flash-preview' };
const PALM = { model: 'chat-bison-001' };

/** Generation calls only: a PaLM answer is followed by two countMessageTokens calls (palm-count.ts). */
const generations = () => fake().requests.filter((r) => !r.path.includes(':count'));

describe.each([
  ['gemini', GEMINI],
  ['palm', PALM],
] as const)('%s failures', (service, model) => {
  it('bad key → upstream_auth, not retried, key nowhere in the error', async () => {
    const error = await upstreamFailure(generate(model, {}, BAD_KEY), BAD_KEY);
    expect(error).toMatchObject({ code: 'upstream_auth', status: 400 });
    expect(generations()).toHaveLength(1);
  });

  it('429 with RetryInfo beyond the cap: gives up at once with the wait', async () => {
    fake().script(service, { status: 429, retryAfterSeconds: 30 });
    const error = await upstreamFailure(generate(model), KEY);
    expect(error).toMatchObject({ code: 'upstream_rate_limited', retryAfterMs: 30_000 });
    expect(error.message).toContain('Try again in 30 s');
    expect(generations()).toHaveLength(1);
  });

  it('daily quota → upstream_quota, not retried', async () => {
    fake().script(service, { status: 429, quota: true });
    expect((await upstreamFailure(generate(model), KEY)).code).toBe('upstream_quota');
    expect(generations()).toHaveLength(1);
  });

  it('500 then success after one retry', async () => {
    fake().script(service, { status: 500 });
    await expect(generate(model)).resolves.toMatchObject({ message: expect.any(String) as string });
    expect(generations()).toHaveLength(2);
  });

  it('403 → upstream_forbidden; 504 → upstream_timeout', async () => {
    fake().script(service, { status: 403 });
    expect((await upstreamFailure(generate(model), KEY)).code).toBe('upstream_forbidden');
    fake().script(service, { status: 504 });
    expect((await upstreamFailure(generate(model), KEY)).code).toBe('upstream_timeout');
  });

  it('a 200 that is not JSON → upstream_bad_response', async () => {
    fake().script(service, { malformed: true });
    expect((await upstreamFailure(generate(model, { maxRetries: 0 }), KEY)).code).toBe('upstream_bad_response');
  });
});

describe('model errors', () => {
  it('unknown Gemini or PaLM model → upstream_model naming it', async () => {
    const gemini = await upstreamFailure(generate({ model: 'gemini-9-ultra' }), KEY);
    expect(gemini).toMatchObject({ code: 'upstream_model', detail: { model: 'gemini-9-ultra' } });
    const palm = await upstreamFailure(generate({ model: 'codechat-bison-001' }), KEY);
    expect(palm).toMatchObject({ code: 'upstream_model', detail: { model: 'codechat-bison-001' } });
  });

  it('400 INVALID_ARGUMENT → upstream_bad_request with the upstream reason, not retried', async () => {
    fake().script('gemini', { status: 400 });
    const error = await upstreamFailure(generate(GEMINI), KEY);
    expect(error).toMatchObject({ code: 'upstream_bad_request', detail: { reason: 'Request contains an invalid argument.' } });
    expect(generations()).toHaveLength(1);
  });

  it('nobody listening → upstream_unreachable', async () => {
    const closed = { googleBaseUrl: 'http://127.0.0.1:9', maxRetries: 0 };
    expect((await upstreamFailure(generate(GEMINI, closed), KEY)).code).toBe('upstream_unreachable');
    expect((await upstreamFailure(generate(PALM, closed), KEY)).code).toBe('upstream_unreachable');
  });
});

describe('streamed Gemini failures (gemini-stream.ts)', () => {
  const streamed = (settings: TBardSettings, pieces: string[] = [], overrides = {}, apiKey = KEY) =>
    createAdapters(config(overrides)).google.generate({ prompt: 'Name a colour.', settings, apiKey, signal: signal(), onText: (text) => pieces.push(text) });

  it('before the stream, as answered whole: unknown model, 429 with RetryInfo, bad key', async () => {
    expect(await upstreamFailure(streamed({ model: 'gemini-9-ultra' }), KEY)).toMatchObject({ code: 'upstream_model', detail: { model: 'gemini-9-ultra' } });
    fake().script('gemini', { status: 429, retryAfterSeconds: 30 });
    expect(await upstreamFailure(streamed(GEMINI), KEY)).toMatchObject({ code: 'upstream_rate_limited', retryAfterMs: 30_000 });
    expect(await upstreamFailure(streamed(GEMINI, [], {}, BAD_KEY), BAD_KEY)).toMatchObject({ code: 'upstream_auth', status: 400 });
  });

  it('a cut JSON event is a bad response; a reset after some pieces keeps them and fails as unreachable', async () => {
    fake().script('gemini', { malformed: true });
    expect((await upstreamFailure(streamed(GEMINI, [], { maxRetries: 0 }), KEY)).code).toBe('upstream_bad_response');
    const pieces: string[] = [];
    fake().script('gemini', { cutAfter: 3 });
    expect((await upstreamFailure(streamed(GEMINI, pieces), KEY)).code).toBe('upstream_unreachable');
    expect(pieces.length).toBeGreaterThan(0);
    expect(fake().streams().at(-1)?.ending).toBe('cut');
  });
});
