import { describe, expect, it } from 'vitest';
import { countPalmUsage } from './palm-count.ts';
import { signal, useFakeUpstream } from '../test/harness.ts';

const { fake } = useFakeUpstream();
const ctx = { serviceName: 'Palm API' as const, apiKey: 'AIza-count-test', model: 'chat-bison-001' };
const prompt = { context: 'Be brief.', messages: [{ author: 'user', content: 'Name a colour.' }] };

describe('countPalmUsage', () => {
  it('counts the prompt as sent and the answer as a message', async () => {
    const usage = await countPalmUsage({ baseUrl: fake().googleBaseUrl, model: 'chat-bison-001', apiKey: ctx.apiKey, signal: signal(), timeoutMs: 2000 }, prompt, 'Blue, like the sea.', ctx);
    expect(usage).toEqual({ inputTokens: expect.any(Number) as number, outputTokens: expect.any(Number) as number });
    expect(usage!.inputTokens).toBeGreaterThan(0);
  });

  it('gives null, not an error, when counting fails (the answer matters more than its count)', async () => {
    const unreachable = { baseUrl: 'http://127.0.0.1:9', model: 'chat-bison-001', apiKey: ctx.apiKey, signal: signal(), timeoutMs: 2000 };
    await expect(countPalmUsage(unreachable, prompt, 'Blue.', ctx)).resolves.toBeNull();
    const badKey = { baseUrl: fake().googleBaseUrl, model: 'chat-bison-001', apiKey: 'bad-key', signal: signal(), timeoutMs: 2000 };
    await expect(countPalmUsage(badKey, prompt, 'Blue.', ctx)).resolves.toBeNull();
  });
});
