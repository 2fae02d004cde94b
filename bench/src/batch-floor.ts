import { createAdapters } from '../../apps/server/src/upstreams/index.ts';

/**
 * The same calls without the runner: `concurrency` loops, each sending one prompt to both
 * services at once and taking the next when both answered. What this takes over the ideal is
 * the SDKs', the HTTP stack's and the simulator's; what the runner takes over this is its own.
 */
export async function timeBareCalls(fakeUrl: string, prompts: number, concurrency: number): Promise<number> {
  const adapters = createAdapters({ openaiBaseUrl: `${fakeUrl}/v1`, googleBaseUrl: fakeUrl, timeoutMs: 10_000, maxRetries: 0, maxRetryDelayMs: 0 });
  const signal = new AbortController().signal;
  const call = (prompt: string) =>
    Promise.all([
      adapters.chatGPT.generate({ prompt, settings: {}, apiKey: 'sk-bench-floor', signal }),
      adapters.bard.generate({ prompt, settings: {}, apiKey: 'AIza-bench-floor', signal }),
    ]);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < prompts) await call(`Floor prompt ${++next}`);
    }),
  );
  return performance.now() - started;
}
