// The Anthropic adapter's failures over real HTTP: each error the service sends, retried or not as
// the retry layer decides, and streams that break.
import { describe, expect, it } from 'vitest';
import { BAD_KEY, GOOD_KEY, signal, upstreamFailure } from '../test/harness.ts';
import { useAnthropicAdapter } from '../test/anthropic-adapter.ts';

const { fake, adapter, generate } = useAnthropicAdapter();
const model = { model: 'claude-sonnet-4-6' };

describe('Anthropic adapter: errors', () => {
  it('401 → upstream_auth, not retried, the key nowhere; the model list too', async () => {
    const error = await upstreamFailure(generate(model, { apiKey: BAD_KEY }), BAD_KEY);
    expect(error).toMatchObject({ code: 'upstream_auth', status: 401 });
    expect(error.message).toBe('Claude rejected the API key. Check that the key is correct and active.');
    expect(fake().requests).toHaveLength(1);
    expect((await upstreamFailure(adapter().listModels(BAD_KEY, signal()), BAD_KEY)).code).toBe('upstream_auth');
    await expect(adapter().generate({ prompt: 'Hi', settings: {}, apiKey: ' ' })).rejects.toMatchObject({ code: 'upstream_auth' });
    expect(fake().requests).toHaveLength(2);
  });

  it('an unknown model → upstream_model naming it; a setting the model refuses → upstream_bad_request with the reason', async () => {
    const unknown = await upstreamFailure(generate({ model: 'claude-9' }), GOOD_KEY);
    expect(unknown).toMatchObject({ code: 'upstream_model', status: 404, detail: { model: 'claude-9' } });
    const refused = await upstreamFailure(generate({ model: 'claude-opus-4-7', temperature: 0.2 }), GOOD_KEY);
    expect(refused).toMatchObject({ code: 'upstream_bad_request', status: 400, detail: { reason: '`temperature` is deprecated for this model.' } });
    expect(refused.message).toBe('Claude rejected the request: `temperature` is deprecated for this model.');
  });

  it('429 with retry-after within the cap: waits for it, then answers', async () => {
    fake().script('anthropic', { status: 429, retryAfterSeconds: 1 });
    const result = await generate(model);
    const [first, second] = fake().requests;
    expect(fake().requests).toHaveLength(2);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
    expect(result.message).not.toBe('');
  });

  it('429 with retry-after beyond the cap: gives up at once with the wait', async () => {
    fake().script('anthropic', { status: 429, retryAfterSeconds: 10 });
    const error = await upstreamFailure(generate(model), GOOD_KEY);
    expect(error).toMatchObject({ code: 'upstream_rate_limited', retryAfterMs: 10_000 });
    expect(error.message).toBe('Claude is rate limiting this API key. Try again in 10 s.');
    expect(fake().requests).toHaveLength(1);
  });

  it('529 overloaded and 500 are retried like a 503; without retries they are upstream_error', async () => {
    fake().script('anthropic', { status: 529 });
    fake().script('anthropic', { status: 500 });
    await expect(generate(model)).resolves.toMatchObject({ tokens: expect.any(Number) });
    expect(fake().requests).toHaveLength(3);
    fake().script('anthropic', { status: 529 });
    const overloaded = await upstreamFailure(generate(model, { overrides: { maxRetries: 0 } }), GOOD_KEY);
    expect(overloaded).toMatchObject({ code: 'upstream_error', status: 529 });
    expect(overloaded.message).toBe('Claude had an internal error. Try again in a moment.');
  });

  it('no credit left → upstream_quota, not retried', async () => {
    fake().script('anthropic', { quota: true });
    expect((await upstreamFailure(generate(model), GOOD_KEY)).code).toBe('upstream_quota');
    expect(fake().requests).toHaveLength(1);
  });

  it('a 200 that is not JSON → upstream_bad_response, JSON and streamed', async () => {
    fake().script('anthropic', { malformed: true }, 2);
    expect((await upstreamFailure(generate(model, { overrides: { maxRetries: 0 } }), GOOD_KEY)).code).toBe('upstream_bad_response');
    const streamed = generate(model, { overrides: { maxRetries: 0 }, onText: () => undefined });
    expect((await upstreamFailure(streamed, GOOD_KEY)).code).toBe('upstream_bad_response');
  });
});

describe('Anthropic adapter: broken streams', () => {
  it('a stream cut after text arrived → upstream_interrupted, what arrived already shown, not retried', async () => {
    fake().script('anthropic', { cutAfter: 6 });
    const pieces: string[] = [];
    const error = await upstreamFailure(generate(model, { onText: (text) => pieces.push(text) }), GOOD_KEY);
    expect(error.code).toBe('upstream_interrupted');
    expect(error.message).toBe('Claude broke off its answer part-way. What arrived is shown; try again for the whole answer.');
    expect(pieces.join('').length).toBeGreaterThan(0);
    expect(fake().requests).toHaveLength(1);
    expect(fake().streams().at(-1)?.ending).toBe('cut');
  });

  it('an overloaded_error event after text → upstream_interrupted; before any text → retried, then answers', async () => {
    fake().script('anthropic', { errorEventAfter: 5 });
    expect((await upstreamFailure(generate(model, { onText: () => undefined }), GOOD_KEY)).code).toBe('upstream_interrupted');
    fake().reset();
    fake().script('anthropic', { errorEventAfter: 1 });
    const pieces: string[] = [];
    const result = await generate(model, { onText: (text) => pieces.push(text) });
    expect(pieces.join('')).toBe(result.message);
    expect(fake().requests).toHaveLength(2);
  });

  it('a stream cut before any text → upstream_unreachable, which is retried', async () => {
    fake().script('anthropic', { cutAfter: 1 });
    await expect(generate(model, { onText: () => undefined })).resolves.toMatchObject({ tokens: expect.any(Number) });
    expect(fake().requests).toHaveLength(2);
    fake().script('anthropic', { cutAfter: 1 });
    const error = await upstreamFailure(generate(model, { overrides: { maxRetries: 0 }, onText: () => undefined }), GOOD_KEY);
    expect(error.code).toBe('upstream_unreachable');
  });
});
