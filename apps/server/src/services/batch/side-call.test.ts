import { getEventListeners, setMaxListeners } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ServiceAdapter } from '../../upstreams/types.ts';
import { ServiceLimiter } from './service-limiter.ts';
import { callSide, DEFAULT_RETRY_POLICY, withCallSignal } from './side-call.ts';

const log = { error() {}, warn() {} } as unknown as FastifyBaseLogger;

/** Behaves like the OpenAI SDK: listens on the signal it is given and never stops listening. */
const leakyAdapter: ServiceAdapter<object> = {
  generate: ({ signal }) => {
    signal?.addEventListener('abort', () => undefined, { once: true });
    return Promise.resolve({ message: 'ok', tokens: 1, rawOutput: {} });
  },
  listModels: () => Promise.resolve([]),
};

describe('callSide', () => {
  it('leaves no listener on the run signal, however many calls the run makes', async () => {
    const run = new AbortController();
    setMaxListeners(50, run.signal); // the calls waiting for a slot listen too, as runJob allows
    const limiter = new ServiceLimiter(4);
    const plan = { adapter: leakyAdapter, apiKey: 'k', paidByOperator: true };
    const calls = Array.from({ length: 50 }, () =>
      callSide({ service: 'chatgpt', name: 'ChatGPT', plan, prompt: 'p', settings: {}, limiter, policy: DEFAULT_RETRY_POLICY, signal: run.signal, log }),
    );
    const results = await Promise.all(calls);
    expect(results.every((result) => result.message === 'ok')).toBe(true);
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
    limiter.dispose();
  });
});

describe('withCallSignal', () => {
  it('aborts the call when the run stops, with the run’s reason', async () => {
    const run = new AbortController();
    const reason = new Error('run stopped');
    const seen = withCallSignal(run.signal, (signal) => new Promise<unknown>((resolve) => signal.addEventListener('abort', () => resolve(signal.reason))));
    run.abort(reason);
    await expect(seen).resolves.toBe(reason);
  });

  it('starts aborted when the run already is', async () => {
    const run = new AbortController();
    run.abort(new Error('stopped before'));
    await expect(withCallSignal(run.signal, (signal) => Promise.resolve(signal.aborted))).resolves.toBe(true);
  });
});
