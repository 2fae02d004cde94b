// The OpenAI adapter over real HTTP against the fake upstream (docs/wire-formats.md §1).
import { describe, expect, it } from 'vitest';
import { createAdapters } from '../index.ts';
import { BAD_KEY, GOOD_KEY, only, signal, upstreamFailure, useFakeUpstream } from '../test/harness.ts';

const { fake, config } = useFakeUpstream();
const generate = (settings: object, overrides = {}, apiKey = GOOD_KEY) =>
  createAdapters(config(overrides)).openai.generate({ prompt: 'Name a colour.', settings, apiKey, signal: signal() });

describe('OpenAI adapter: wire format', () => {
  it('sends only the ticked options, the history and the prompt, with a bearer key', async () => {
    const result = await generate({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello!' }], frequencyPenalty: 0.5 });
    const request = only(fake().requests);
    expect(request).toMatchObject({ service: 'openai', method: 'POST', path: '/v1/chat/completions' });
    expect(request.headers.authorization).toBe(`Bearer ${GOOD_KEY}`);
    expect(request.body).toEqual({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'user', content: 'Hello!' },
        { role: 'user', content: 'Name a colour.' },
      ],
      frequency_penalty: 0.5,
    });
    expect(result.message).not.toBe('');
    expect(result.tokens).toBe((result.rawOutput as { usage: { total_tokens: number } }).usage.total_tokens);
    expect(JSON.parse(JSON.stringify(result.rawOutput))).toEqual(result.rawOutput);
  });

  it('maps every option; max_completion_tokens for gpt-4o; a reasoning model gets no sampling settings and reports its reasoning tokens', async () => {
    const all = { temperature: 0.7, top_p: 0.5, frequencyPenalty: 1, presencePenalty: 1, maxLength: 64 };
    await generate({ model: 'gpt-4o', ...all });
    const answer = await generate({ model: 'o4-mini', ...all, reasoningEffort: 'high' });
    const [modern, reasoning] = fake().requests.map((r) => r.body as Record<string, unknown>);
    expect(modern).toMatchObject({ temperature: 0.7, top_p: 0.5, frequency_penalty: 1, presence_penalty: 1, max_completion_tokens: 64 });
    expect(modern).not.toHaveProperty('max_tokens');
    expect(reasoning).toEqual({ model: 'o4-mini', messages: [{ role: 'user', content: 'Name a colour.' }], max_completion_tokens: 64, reasoning_effort: 'high' });
    expect(answer.usage).toMatchObject({ reasoningTokens: 64 });
  });

  it('lists chat models only', async () => {
    const models = await createAdapters(config()).openai.listModels(GOOD_KEY, signal());
    expect(models).toEqual(['gpt-4.1', 'gpt-4.1-mini', 'gpt-4o', 'gpt-4o-mini', 'gpt-4o-mini-2024-07-18', 'gpt-5', 'gpt-5-mini', 'gpt-5-nano', 'gpt-5.1', 'gpt-5.1-2025-11-13', 'o3', 'o4-mini']);
    expect(only(fake().requests)).toMatchObject({ method: 'GET', path: '/v1/models' });
    const entries = await createAdapters(config()).openai.listModelEntries!(GOOD_KEY, signal());
    expect(entries.find((model) => model.id === 'gpt-4o')).toEqual({ id: 'gpt-4o', shutdownDate: '2027-01-14', created: expect.any(Number) });
    expect(entries.find((model) => model.id === 'gpt-5')).not.toHaveProperty('shutdownDate');
  });
});

describe('OpenAI adapter: failures', () => {
  it('bad key → upstream_auth, not retried, key nowhere in the error', async () => {
    const error = await upstreamFailure(generate({}, {}, BAD_KEY), BAD_KEY);
    expect(error).toMatchObject({ code: 'upstream_auth', status: 401 });
    expect(fake().requests).toHaveLength(1);
    const listError = await upstreamFailure(createAdapters(config()).openai.listModels(BAD_KEY, signal()), BAD_KEY);
    expect(listError.code).toBe('upstream_auth');
  });

  it('unknown model → upstream_model naming it', async () => {
    const error = await upstreamFailure(generate({ model: 'gpt-9-ultra' }), GOOD_KEY);
    expect(error).toMatchObject({ code: 'upstream_model', detail: { model: 'gpt-9-ultra' } });
  });

  it('a parameter the model refuses → upstream_bad_request naming it', async () => {
    const error = await upstreamFailure(generate({ model: 'o4-mini', temperature: 0.5, sendUnsupported: true }), GOOD_KEY);
    expect(error.code).toBe('upstream_bad_request');
    expect(error.detail.reason).toMatch(/^temperature: /);
  });

  it('429 with Retry-After beyond the cap: gives up at once with the wait', async () => {
    fake().script('openai', { status: 429, retryAfterSeconds: 10 });
    const error = await upstreamFailure(generate({}), GOOD_KEY);
    expect(error).toMatchObject({ code: 'upstream_rate_limited', retryAfterMs: 10_000 });
    expect(error.message).toContain('Try again in 10 s');
    expect(fake().requests).toHaveLength(1);
  });

  it('insufficient quota → upstream_quota, not retried', async () => {
    fake().script('openai', { status: 429, quota: true });
    expect((await upstreamFailure(generate({}), GOOD_KEY)).code).toBe('upstream_quota');
    expect(fake().requests).toHaveLength(1);
  });

  it('500 then success after one retry', async () => {
    fake().script('openai', { status: 500 });
    await expect(generate({})).resolves.toMatchObject({ tokens: expect.any(Number) });
    expect(fake().requests).toHaveLength(2);
  });

  it('a 200 that is not JSON → upstream_bad_response', async () => {
    fake().script('openai', { malformed: true });
    expect((await upstreamFailure(generate({}, { maxRetries: 0 }), GOOD_KEY)).code).toBe('upstream_bad_response');
  });

  it('nobody listening → upstream_unreachable', async () => {
    const error = await upstreamFailure(generate({}, { openaiBaseUrl: 'http://127.0.0.1:9/v1', maxRetries: 0 }), GOOD_KEY);
    expect(error.code).toBe('upstream_unreachable');
  });
});

describe('OpenAI adapter: answers without usage', () => {
  it('shows the answer with tokens unknown, JSON and streamed (a scenario on OpenAI)', async () => {
    fake().script('openai', { noUsage: true }, 2);
    const whole = await generate({});
    expect(whole).toMatchObject({ message: expect.stringContaining('Simulated ChatGPT answer'), tokens: null, usage: null });
    const pieces: string[] = [];
    const adapter = createAdapters(config()).openai;
    const streamed = await adapter.generate({ prompt: 'Name a colour.', settings: {}, apiKey: GOOD_KEY, signal: signal(), onText: (text) => pieces.push(text) });
    expect(streamed).toMatchObject({ message: pieces.join(''), tokens: null, usage: null });
    expect(streamed.message).toContain('Simulated ChatGPT answer');
  });

  it('from a declared compatible service that never reports usage', async () => {
    const settings = { model: 'llama3.3:70b' };
    const result = await generate(settings, { openaiBaseUrl: fake().compatBaseUrl('local') });
    expect(result).toMatchObject({ message: expect.stringContaining('Simulated Local Models answer (llama3.3:70b).'), tokens: null, usage: null, model: 'llama3.3:70b' });
    expect(only(fake().requests)).toMatchObject({ service: 'compat/local', path: '/compat/local/v1/chat/completions' });
  });
});
