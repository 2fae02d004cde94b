// The Gemini stream as the adapter reads it (gemini-stream.ts), over answers written byte by byte
// here: how events may be split and delimited, and what may go wrong after the 200 (§3.5, §3.7).
import { describe, expect, it } from 'vitest';
import { createGoogleAdapter } from './adapter.ts';
import { upstreamFailure } from '../test/harness.ts';

const KEY = 'AIzaSyFakeGoodKey0123456789abcdefgh';

/** A fetch answering every call with `pieces` as one event-stream body, each piece its own network chunk. */
function answering(pieces: string[], calls: string[] = []): typeof fetch {
  return async (input) => {
    calls.push(input instanceof Request ? input.url : input.toString());
    const bytes = new TextEncoder().encode(pieces.join(''));
    // Cut at byte offsets, so a piece boundary may fall inside a character.
    let offset = 0;
    const chunks = pieces.map((piece) => bytes.slice(offset, (offset += new TextEncoder().encode(piece).byteLength)));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
}

function streamed(fetch: typeof globalThis.fetch) {
  const adapter = createGoogleAdapter({ openaiBaseUrl: 'http://unused.test', googleBaseUrl: 'http://gemini.test', timeoutMs: 5_000, maxRetries: 0, maxRetryDelayMs: 0, fetch });
  const pieces: string[] = [];
  const result = adapter.generate({ prompt: 'Name a colour.', settings: { model: 'gemini-3-pro-preview' }, apiKey: KEY, onText: (text) => pieces.push(text) });
  return { result, pieces };
}

const event = (body: unknown, end = '\r\n\r\n') => `data: ${JSON.stringify(body)}${end}`;
const piece = (text: string, extra: Record<string, unknown> = {}) => ({ candidates: [{ content: { parts: [{ text }], role: 'model' }, index: 0, ...extra }] });
const USAGE = { promptTokenCount: 4, candidatesTokenCount: 3, thoughtsTokenCount: 7, totalTokenCount: 14 };

describe('a streamed Gemini answer', () => {
  it('reads events split anywhere (inside a character, between CR and LF) and delimited either way', async () => {
    const calls: string[] = [];
    const body = [event({ candidates: [{ content: { parts: [{ text: 'Blau', thought: true }] } }] }), event(piece('Grün, ')), event(piece('then red.', { finishReason: 'STOP' }), '\n\n'), event({ usageMetadata: USAGE, modelVersion: 'gemini-3-pro-preview' })].join('');
    const cuts = [3, 40, body.indexOf('ü') + 1, body.indexOf('\r\n\r\n', 150) + 1, body.length - 5];
    const split = cuts.map((cut, i) => body.slice(i === 0 ? 0 : cuts[i - 1], cut)).concat(body.slice(cuts.at(-1)));
    const { result, pieces } = streamed(answering(split, calls));
    const generation = await result;
    expect(calls).toEqual(['http://gemini.test/v1beta/models/gemini-3-pro-preview:streamGenerateContent?alt=sse']);
    expect(pieces).toEqual(['Grün, ', 'then red.']);
    expect(generation).toMatchObject({ message: 'Grün, then red.', tokens: 14, usage: { inputTokens: 4, outputTokens: 10, reasoningTokens: 7 } });
    expect(generation.rawOutput).toMatchObject({ candidates: [{ content: { parts: [{ text: 'Blau', thought: true }, { text: 'Grün, then red.' }] }, finishReason: 'STOP' }], usageMetadata: USAGE });
  });

  it("an error event after the 200 is the error it names, its RetryInfo read (§3.7)", async () => {
    const quota = { error: { code: 429, status: 'RESOURCE_EXHAUSTED', message: 'Slow down.', details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '12s' }] } };
    const { result, pieces } = streamed(answering([event(piece('Red')), event(quota)]));
    expect(await upstreamFailure(result, KEY)).toMatchObject({ code: 'upstream_rate_limited', retryAfterMs: 12_000 });
    expect(pieces).toEqual(['Red']);
  });

  it('an event that is not JSON, or a body that stops inside one, is a bad response', async () => {
    for (const body of [['data: {"candidates": [\n\n'], [event(piece('Red')), 'data: {"candi']]) {
      expect((await upstreamFailure(streamed(answering(body)).result, KEY)).code).toBe('upstream_bad_response');
    }
  });

  it('a prompt blocked in the stream is upstream_blocked, as answered whole', async () => {
    const { result } = streamed(answering([event({ promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: USAGE })]));
    expect(await upstreamFailure(result, KEY)).toMatchObject({ code: 'upstream_blocked' });
  });
});
