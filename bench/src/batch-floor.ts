import { createAdapters } from '@promptpair/server/upstreams';

/**
 * The same calls without the runner: `concurrency` loops, each sending one prompt to both
 * services at once and taking the next when both answered. What this takes over the ideal is
 * the SDKs', the HTTP stack's and the simulator's; what the runner takes over this is its own.
 * No caller signal, as a JSON comparison: nothing stops these calls but their own budget.
 */
export async function timeBareCalls(fakeUrl: string, prompts: number, concurrency: number): Promise<number> {
  const adapters = createAdapters({ openaiBaseUrl: `${fakeUrl}/v1`, googleBaseUrl: fakeUrl, timeoutMs: 10_000, maxRetries: 0, maxRetryDelayMs: 0 });
  const call = (prompt: string) =>
    Promise.all([
      adapters.openai.generate({ prompt, settings: {}, apiKey: 'sk-bench-floor' }),
      adapters.google.generate({ prompt, settings: {}, apiKey: 'AIza-bench-floor' }),
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
