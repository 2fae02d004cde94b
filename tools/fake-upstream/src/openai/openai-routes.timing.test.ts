import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream } from '../index.ts';
import { chatBody, openaiAuth, postJson, sseData } from '../test/http-client.ts';
import type { FakeUpstream } from '../types.ts';

// A paced stream against the clock: the hold-up (1.5 s) is long beside how much the same answer's
// time moves from one run to the next on a loaded machine, so the two outcomes cannot be mistaken.

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

describe('streaming, paced', () => {
  it('keeps a paced answer to its pace when the loop is held up: each piece is due from the start, so lateness does not add up', async () => {
    // 80 words, about 80 tokens: some 2 s at 40 tokens/s.
    const text = Array.from({ length: 80 }, (_, index) => `w${index}`).join(' ');
    const timed = async (holdUpMs: number) => {
      fake.script('openai', { text, tokensPerSecond: 40 });
      const started = performance.now();
      const read = postJson(`${fake.openaiBaseUrl}/chat/completions`, chatBody('Paced', { stream: true }), openaiAuth);
      // A busy machine: the loop held for a while early in the answer, as a long GC or a slow neighbour would.
      if (holdUpMs > 0) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        const until = performance.now() + holdUpMs;
        while (performance.now() < until);
      }
      const reply = await read;
      expect(sseData(reply.text).at(-1)).toBe('[DONE]');
      return performance.now() - started;
    };
    const steady = await timed(0);
    expect(steady).toBeGreaterThan(1_000); // paced at all
    // A pause after each piece would carry the whole hold-up to the end (steady + 1,500 ms).
    expect(await timed(1_500)).toBeLessThan(steady + 750);
  });
});
