import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeUpstream } from './index.ts';
import { chatBody, geminiBody, googleAuth, openaiAuth, palmBody, postJson } from './test/http-client.ts';
import type { FakeUpstream } from './types.ts';

// Hangs and latencies against the clock. Each bound sits far from what it guards against (a hang
// that never ends, 50 calls of 200 ms one after the other: 10 s), so a loaded machine has room.

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const chat = (text: string, signal?: AbortSignal) => postJson(`${fake.openaiBaseUrl}/chat/completions`, chatBody(text), openaiAuth, signal);
const palm = (text: string) => postJson(`${fake.googleBaseUrl}/v1beta2/models/chat-bison-001:generateMessage`, palmBody(text), googleAuth);

describe('hang and latency, timed', () => {
  it('hang never answers; the client aborts via AbortSignal.timeout', async () => {
    // Typed into the prompt rather than scripted: a call aborted before it reached the simulator
    // leaves nothing queued for the next one.
    const started = Date.now();
    await expect(chat('Hi [[openai:hang]]', AbortSignal.timeout(150))).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await chat('Hi')).status).toBe(200);
  });

  it('serves 50 parallel calls with 200 ms latency in parallel', async () => {
    const slow = await startFakeUpstream({ latencyMs: 200 });
    try {
      const started = Date.now();
      const replies = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          index % 2 === 0
            ? postJson(`${slow.openaiBaseUrl}/chat/completions`, chatBody(`q${index}`), openaiAuth)
            : postJson(`${slow.googleBaseUrl}/v1beta/models/gemini-3-flash-preview:generateContent`, geminiBody(`q${index}`), googleAuth),
        ),
      );
      const elapsed = Date.now() - started;
      expect(replies.every((reply) => reply.status === 200)).toBe(true);
      expect(elapsed).toBeGreaterThanOrEqual(195);
      expect(elapsed).toBeLessThan(5_000);
    } finally {
      await slow.close();
    }
  });

  it('adds scenario latency to the call', async () => {
    fake.script('palm', { latencyMs: 120 });
    const started = Date.now();
    expect((await palm('Hi')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(115);
  });
});
