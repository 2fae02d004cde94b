import { startFakeUpstream, type FakeUpstream } from '@promptpair/fake-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters } from './index.ts';
import { UpstreamError } from './types.ts';

// Each adapter keeps one SDK client; the key is sent per call. Calls with different keys at the
// same moment must each go out with their own key, and the clients' placeholder key never at all.
let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream({ latencyMs: 50, validKeys: ['sk-first', 'AIza-first'] });
});
afterAll(() => fake.close());

describe('one SDK client per adapter, the key per call', () => {
  it('sends each call with its own key, in parallel, and a wrong one fails only its own call', async () => {
    const adapters = createAdapters({ openaiBaseUrl: fake.openaiBaseUrl, googleBaseUrl: fake.googleBaseUrl, timeoutMs: 5000, maxRetries: 0, maxRetryDelayMs: 0 });
    const signal = new AbortController().signal;
    const call = (kind: 'openai' | 'google', apiKey: string) => adapters[kind].generate({ prompt: `for ${apiKey}`, settings: {}, apiKey, signal }).then(
      () => 'answered',
      (error: unknown) => (error instanceof UpstreamError ? error.code : 'other'),
    );
    const outcomes = await Promise.all([call('openai', 'sk-first'), call('openai', 'sk-second'), call('google', 'AIza-first'), call('google', 'AIza-second')]);
    expect(outcomes).toEqual(['answered', 'upstream_auth', 'answered', 'upstream_auth']);

    const sent = fake.requests.map((request) => ({ prompt: JSON.stringify(request.body), key: request.headers['authorization'] ?? request.headers['x-goog-api-key'] }));
    for (const key of ['sk-first', 'sk-second', 'AIza-first', 'AIza-second']) {
      const mine = sent.filter((request) => request.prompt.includes(`for ${key}`));
      expect(mine.length).toBeGreaterThan(0);
      for (const request of mine) expect(request.key).toMatch(new RegExp(`^(Bearer )?${key}$`));
    }
    expect(JSON.stringify(fake.requests.map((request) => request.headers))).not.toMatch(/each-call-sends-its-own-key/);
  });
});
