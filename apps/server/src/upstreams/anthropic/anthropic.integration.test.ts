// The Anthropic adapter over real HTTP against the simulator: the wire format, the answer, its
// tokens and cost, JSON and streamed, and the model list.
import { answerCost } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { BAD_KEY, GOOD_KEY, only, signal } from '../test/harness.ts';
import { UpstreamError } from '../types.ts';
import { ANTHROPIC_API_VERSION } from './adapter.ts';
import { ANTHROPIC_PRICES } from './catalog.ts';
import { useAnthropicAdapter } from '../test/anthropic-adapter.ts';

const { fake, adapter, generate } = useAnthropicAdapter();

interface WireMessage {
  content: Array<{ type: string; text: string }>;
  usage: { input_tokens: number; output_tokens: number };
  stop_reason: string;
}

describe('Anthropic adapter: wire format', () => {
  it('sends the system prompt apart, the history then the prompt, max_tokens, x-api-key and anthropic-version, and nothing unset', async () => {
    await generate({ model: 'claude-sonnet-4-6', system: 'Be brief.', messages: [{ role: 'user', content: 'Hello!' }, { role: 'assistant', content: 'Hi.' }] });
    const request = only(fake().requests);
    expect(request).toMatchObject({ service: 'anthropic', method: 'POST', path: '/anthropic/v1/messages' });
    expect(request.body).toEqual({
      model: 'claude-sonnet-4-6',
      max_tokens: 4096,
      messages: [
        { role: 'user', content: 'Hello!' },
        { role: 'assistant', content: 'Hi.' },
        { role: 'user', content: 'Name a colour.' },
      ],
      system: 'Be brief.',
    });
    expect(request.headers['x-api-key']).toBe(GOOD_KEY);
    expect(request.headers['anthropic-version']).toBe(ANTHROPIC_API_VERSION);
    expect(request.headers).not.toHaveProperty('authorization');
    expect(JSON.stringify(request.headers)).not.toContain('each-call-sends-its-own-key');
  });

  it('maps every setting to its wire name, and names the default model when none is set', async () => {
    await generate({ model: 'claude-sonnet-4-6', temperature: 0.4, topP: 0.9, topK: 40, maxTokens: 256, stopSequences: ['END'] });
    await generate({});
    const [all, bare] = fake().requests.map((request) => request.body as Record<string, unknown>);
    expect(all).toMatchObject({ temperature: 0.4, top_p: 0.9, top_k: 40, max_tokens: 256, stop_sequences: ['END'] });
    expect(bare).toEqual({ model: 'claude-haiku-5-5', max_tokens: 4096, messages: [{ role: 'user', content: 'Name a colour.' }] });
  });
});

describe('Anthropic adapter: one client, the key per call', () => {
  it('sends each of several parallel calls with its own key, and a wrong key fails only its own call', async () => {
    const shared = adapter();
    const keys = [GOOD_KEY, 'sk-ant-second-key-0123456789', BAD_KEY];
    const outcomes = await Promise.all(keys.map((apiKey) =>
      shared.generate({ prompt: `for ${apiKey}`, settings: {}, apiKey, signal: signal() }).then(() => 'answered', (error: unknown) => (error instanceof UpstreamError ? error.code : 'other')),
    ));
    expect(outcomes).toEqual(['answered', 'answered', 'upstream_auth']);
    for (const request of fake().requests) {
      const { messages } = request.body as { messages: Array<{ content: string }> };
      expect(messages.at(-1)?.content).toBe(`for ${request.headers['x-api-key']}`);
    }
    expect(fake().requests).toHaveLength(3);
  });
});

describe('Anthropic adapter: answers, tokens and cost', () => {
  it('JSON: the text, tokens in and out, the model, the message as received, and its cost at list price', async () => {
    const result = await generate({ model: 'claude-haiku-4-5', system: 'Be brief.' });
    const raw = result.rawOutput as WireMessage & { model: string };
    expect(result.message).toBe(raw.content[0]!.text);
    expect(result.message.split('\n')[0]).toBe('Simulated Claude answer (claude-haiku-4-5-20251001).');
    expect(result.usage).toEqual({ inputTokens: raw.usage.input_tokens, outputTokens: raw.usage.output_tokens });
    expect(result.tokens).toBe(raw.usage.input_tokens + raw.usage.output_tokens);
    expect(result.model).toBe('claude-haiku-4-5-20251001');
    // Claude Haiku 4.5: $1 in, $5 out per million tokens.
    const expected = Math.round(((raw.usage.input_tokens * 1 + raw.usage.output_tokens * 5) / 1_000_000) * 1e6) / 1e6;
    expect(answerCost(ANTHROPIC_PRICES, result.model, result.usage)).toBe(expected);
    expect(expected).toBeGreaterThan(0);
  });

  it('streamed: the pieces as they come, then the same Generation from the events put back together', async () => {
    const pieces: string[] = [];
    const result = await generate({ model: 'claude-sonnet-4-6', maxTokens: 1000 }, { onText: (text) => pieces.push(text) });
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join('')).toBe(result.message);
    expect((only(fake().requests).body as { stream?: unknown }).stream).toBe(true);
    const raw = result.rawOutput as WireMessage & Record<string, unknown>;
    expect(raw).toMatchObject({ type: 'message', role: 'assistant', model: 'claude-sonnet-4-6', stop_reason: 'end_turn', stop_sequence: null });
    expect(raw.content).toEqual([{ type: 'text', text: result.message }]);
    expect(raw.usage.output_tokens).toBe(Math.ceil(result.message.length / 4));
    expect(result.usage).toEqual({ inputTokens: Math.ceil('Name a colour.'.length / 4), outputTokens: raw.usage.output_tokens });
    expect(JSON.parse(JSON.stringify(raw))).toEqual(raw);
    // Claude Sonnet 4.6: $3 in, $15 out per million tokens.
    const { inputTokens, outputTokens } = result.usage!;
    expect(answerCost(ANTHROPIC_PRICES, result.model, result.usage)).toBe(Math.round((inputTokens * 3 + outputTokens * 15)) / 1e6);
  });

  it('a stop sequence and a small max_tokens end the answer where the service says', async () => {
    const stopped = await generate({ model: 'claude-sonnet-4-6', stopSequences: ['You asked'] }, { onText: () => undefined });
    expect(stopped.message).toBe('Simulated Claude answer (claude-sonnet-4-6).\n');
    expect(stopped.rawOutput).toMatchObject({ stop_reason: 'stop_sequence', stop_sequence: 'You asked' });
    const cut = await generate({ model: 'claude-sonnet-4-6', maxTokens: 2 });
    expect(cut.message).toHaveLength(8);
    expect(cut.rawOutput).toMatchObject({ stop_reason: 'max_tokens' });
  });
});

describe('Anthropic adapter: model list', () => {
  it('reads every page, newest first, each page with the key and the version', async () => {
    const models = await adapter({}, 4).listModels(GOOD_KEY, signal());
    expect(models).toHaveLength(11);
    expect(models.slice(0, 3)).toEqual(['claude-fable-5-2', 'claude-opus-5-5', 'claude-haiku-5-5']);
    expect(models.at(-1)).toBe('claude-haiku-4-5-20251001');
    const pages = fake().requests;
    expect(pages.map((request) => request.query)).toEqual([{ limit: '4' }, { limit: '4', after_id: models[3] }, { limit: '4', after_id: models[7] }]);
    for (const page of pages) expect(page.headers).toMatchObject({ 'x-api-key': GOOD_KEY, 'anthropic-version': ANTHROPIC_API_VERSION });
  });
});
