import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { withBudget } from './index.ts';
import { UpstreamError, type Generation, type GenerateInput, type ServiceAdapter, type UpstreamConfig } from './types.ts';

const config: UpstreamConfig = { openaiBaseUrl: 'http://127.0.0.1:1/v1', googleBaseUrl: 'http://127.0.0.1:1', timeoutMs: 40, maxRetries: 1, maxRetryDelayMs: 1_000 };
const answer: Generation = { message: 'hello', tokens: 2, rawOutput: {} };
const input = (signal?: AbortSignal): GenerateInput<object> => ({ prompt: 'hi', settings: {}, apiKey: 'k', signal });

/** An adapter whose every call runs `call` and records the signal it was given. */
function adapter(call: (signal: AbortSignal) => Promise<Generation>) {
  const signals: AbortSignal[] = [];
  const inner: ServiceAdapter<object> = {
    generate: (given) => {
      signals.push(given.signal!);
      return call(given.signal!);
    },
    listModels: async () => [],
  };
  return { budgeted: withBudget(inner, config), signals };
}

describe('withBudget', () => {
  it('ends the budget with the call: after an answer, neither the timer nor the caller aborts the call’s signal', async () => {
    const { budgeted, signals } = adapter(async () => answer);
    const caller = new AbortController();
    await expect(budgeted.generate(input(caller.signal))).resolves.toBe(answer);
    caller.abort();
    await sleep(config.timeoutMs * 2);
    expect(signals[0]!.aborted).toBe(false);
  });

  it('ends the budget after a failure too, and the error reaches the caller as thrown', async () => {
    const failure = new UpstreamError('upstream_auth', 'bad key', { status: 401 });
    const { budgeted, signals } = adapter(async () => Promise.reject(failure));
    await expect(budgeted.generate(input())).rejects.toBe(failure);
    await sleep(config.timeoutMs * 2);
    expect(signals[0]!.aborted).toBe(false);
  });

  it('aborts a call that outlives its budget with a TimeoutError, with no caller signal (a JSON comparison)', async () => {
    const { budgeted, signals } = adapter((signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error))));
    const error = await budgeted.generate(input()).catch((thrown: unknown) => thrown);
    expect((error as Error).name).toBe('TimeoutError');
    expect(signals).toHaveLength(1);
  });

  it('turns an adapter that throws before its first await into a rejection, and retries a retryable one', async () => {
    let calls = 0;
    const inner: ServiceAdapter<object> = {
      generate: () => {
        calls++;
        if (calls === 1) throw new UpstreamError('upstream_error', 'boom', { status: 503, retryAfterMs: 0 });
        return Promise.resolve(answer);
      },
      listModels: async () => [],
    };
    await expect(withBudget(inner, config).generate(input())).resolves.toBe(answer);
    expect(calls).toBe(2);
  });
});
