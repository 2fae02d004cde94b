// The Google adapter (Gemini via @google/genai, PaLM via fetch) over real HTTP against the fake upstream.
import { DEFAULT_BARD_MESSAGES } from '@promptpair/contract';
import type { TBardSettings } from '@promptpair/contract';
import { SIMULATED_THOUGHTS_TOKENS } from '@promptpair/fake-upstream';
import { describe, expect, it } from 'vitest';
import { createAdapters } from '../index.ts';
import { BAD_KEY, only, signal, upstreamFailure, useFakeUpstream } from '../test/harness.ts';

const KEY = 'AIzaSyFakeGoodKey0123456789abcdefgh';
const { fake, config } = useFakeUpstream();
const generate = (settings: TBardSettings, overrides = {}, apiKey = KEY) =>
  createAdapters(config(overrides)).google.generate({ prompt: 'Name a colour.', settings, apiKey, signal: signal() });

describe('Google adapter: Gemini wire format', () => {
  it('default history → systemInstruction + one user turn; topK 0 and maxOutputTokens 0 left out', async () => {
    const result = await generate({ model: 'gemini-3-flash-preview', messages: DEFAULT_BARD_MESSAGES, temperature: 0.5, topP: 0.9, topK: 0, maxOutputTokens: 0 });
    const request = only(fake().requests);
    expect(request).toMatchObject({ service: 'gemini', method: 'POST', path: '/v1beta/models/gemini-3-flash-preview:generateContent' });
    expect(request.headers['x-goog-api-key']).toBe(KEY);
    expect(request.query).not.toHaveProperty('key');
    expect(request.body).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Name a colour.' }] }],
      systemInstruction: { parts: [{ text: 'You are a helpful assistant.' }, { text: 'Hello!' }] },
      generationConfig: { temperature: 0.5, topP: 0.9 },
    });
    const raw = result.rawOutput as { usageMetadata: { totalTokenCount: number } };
    expect(result.tokens).toBe(raw.usageMetadata.totalTokenCount);
    expect(result.message).not.toBe('');
    const serialised = JSON.stringify(result.rawOutput);
    expect(JSON.parse(serialised)).toEqual(result.rawOutput);
    expect(serialised).not.toContain(KEY);
    expect(serialised).not.toContain('sdkHttpResponse');
  });

  it("reports a thinking model's thoughtsTokenCount as reasoning tokens, counted in the output, answered whole or streamed", async () => {
    for (const streamed of [false, true]) {
      const pieces: string[] = [];
      const result = await createAdapters(config()).google.generate({
        prompt: 'Name a colour.', settings: { model: 'gemini-3-pro-preview' }, apiKey: KEY, signal: signal(),
        ...(streamed ? { onText: (text: string) => pieces.push(text) } : {}),
      });
      expect(fake().requests.at(-1)?.path).toBe(`/v1beta/models/gemini-3-pro-preview:${streamed ? 'streamGenerateContent' : 'generateContent'}`);
      expect(pieces.length > 0).toBe(streamed);
      const raw = result.rawOutput as { usageMetadata: { candidatesTokenCount: number; thoughtsTokenCount: number; totalTokenCount: number } };
      expect(raw.usageMetadata.thoughtsTokenCount).toBe(SIMULATED_THOUGHTS_TOKENS);
      expect(result.usage).toEqual({ inputTokens: expect.any(Number), outputTokens: raw.usageMetadata.candidatesTokenCount + SIMULATED_THOUGHTS_TOKENS, reasoningTokens: SIMULATED_THOUGHTS_TOKENS });
      expect(result.tokens).toBe(raw.usageMetadata.totalTokenCount);
    }
  });

  it('runs without the SDK timeout: the budget of the call (withBudget) is the one deadline', async () => {
    // The SDK's timeout armed a timer per call that outlived the answer, and announced itself in this
    // header; a hanging upstream still ends at timeoutMs (google-failures.integration.test.ts).
    await generate({ model: 'gemini-3-flash-preview' });
    for (const request of fake().requests) expect(request.headers).not.toHaveProperty('x-server-timeout');
    expect(fake().requests.length).toBeGreaterThan(0);
  });

  it('sends every option and shows several candidates under headings', async () => {
    const result = await generate({ model: 'gemini-3-flash-preview', temperature: 1, candidateCount: 2, maxOutputTokens: 200, topP: 0.5, topK: 40 });
    expect(only(fake().requests).body).toMatchObject({
      generationConfig: { temperature: 1, candidateCount: 2, maxOutputTokens: 200, topP: 0.5, topK: 40 },
    });
    expect(result.message).toMatch(/^Candidate 1:\n[\s\S]+\n\nCandidate 2:\n/);
  });

  it('a dialogue keeps alternating user/model turns ending with the prompt', async () => {
    await generate({ messages: [{ author: 'user', content: 'Hi' }, { author: 'Bard', content: 'Hello!' }] });
    expect((only(fake().requests).body as { contents: unknown }).contents).toEqual([
      { role: 'user', parts: [{ text: 'Hi' }] },
      { role: 'model', parts: [{ text: 'Hello!' }] },
      { role: 'user', parts: [{ text: 'Name a colour.' }] },
    ]);
  });
});

describe('Google adapter: PaLM wire format', () => {
  it('chat-bison-001 → v1beta2 generateMessage without maxOutputTokens', async () => {
    const result = await generate({ model: 'chat-bison-001', messages: DEFAULT_BARD_MESSAGES, temperature: 0.25, candidateCount: 1, maxOutputTokens: 100, topP: 0.95, topK: 40 });
    const [request, ...counts] = fake().requests;
    expect(request).toMatchObject({ service: 'palm', method: 'POST', path: '/v1beta2/models/chat-bison-001:generateMessage' });
    expect(request!.headers['x-goog-api-key']).toBe(KEY);
    expect(request!.body).toEqual({
      prompt: { context: 'You are a helpful assistant.\n\nHello!', messages: [{ author: 'user', content: 'Name a colour.' }] },
      temperature: 0.25,
      candidateCount: 1,
      topP: 0.95,
      topK: 40,
    });
    // generateMessage reports no usage: countMessageTokens counts the prompt as sent, then the answer.
    expect(counts.map((r) => [r.path, r.headers['x-goog-api-key']])).toEqual([
      ['/v1beta2/models/chat-bison-001:countMessageTokens', KEY],
      ['/v1beta2/models/chat-bison-001:countMessageTokens', KEY],
    ]);
    const bodies = counts.map((r) => r.body as { prompt: { messages: { content: string }[] } });
    expect(bodies).toContainEqual({ prompt: (request!.body as { prompt: unknown }).prompt });
    expect(bodies).toContainEqual({ prompt: { messages: [{ author: 'model', content: result.message }] } });
    expect(result.usage).toEqual({ inputTokens: expect.any(Number) as number, outputTokens: expect.any(Number) as number });
    expect(result.tokens).toBe(result.usage!.inputTokens + result.usage!.outputTokens);
    expect(result.model).toBe('chat-bison-001');
  });

});

describe('Google adapter: models', () => {
  it('lists Gemini chat models across pages plus PaLM chat models', async () => {
    const models = await createAdapters(config()).google.listModels(KEY, signal());
    expect(models).toEqual(['chat-bison-001', 'gemini-3-flash-preview', 'gemini-3-pro-preview']);
    const gemini = fake().requests.filter((r) => r.service === 'gemini');
    expect(gemini.length).toBeGreaterThan(1);
    expect(gemini[1]?.query.pageToken).toEqual(expect.any(String));
  });

  it('a bad key fails the Gemini list', async () => {
    const error = await upstreamFailure(createAdapters(config()).google.listModels(BAD_KEY, signal()), BAD_KEY);
    expect(error.code).toBe('upstream_auth');
  });
});
