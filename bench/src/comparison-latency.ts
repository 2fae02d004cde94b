import autocannon from 'autocannon';
import { startBenchStack } from './server-stack.ts';
import { percentile, type Measurement } from './report.ts';

const UPSTREAM_MS = 200;
const body = JSON.stringify({ prompt: 'How fast is the server itself?' });

async function timeOne(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/api/getChatData`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`comparison failed with ${response.status}`);
  return performance.now() - started;
}

/**
 * What the server adds to a comparison: both upstreams answer in 200 ms, so anything over
 * 200 ms is ours (routing, validation, both SDK calls, the log write). Then throughput under load.
 */
export async function measureComparison(): Promise<Measurement[]> {
  const stack = await startBenchStack(UPSTREAM_MS);
  try {
    for (let i = 0; i < 5; i++) await timeOne(stack.url); // warm up JIT, SDK clients, SQLite
    const samples: number[] = [];
    for (let i = 0; i < 40; i++) samples.push((await timeOne(stack.url)) - UPSTREAM_MS);
    const load = await autocannon({
      url: `${stack.url}/api/getChatData`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      connections: 50,
      duration: 8,
    });
    return [
      { name: 'server overhead per comparison, p50', value: percentile(samples, 50), unit: 'ms', target: { max: 15 } },
      { name: 'server overhead per comparison, p95', value: percentile(samples, 95), unit: 'ms', target: { max: 30 } },
      { name: 'comparisons/s at 50 concurrent (200 ms upstreams)', value: load.requests.average, unit: 'req/s', target: { min: 150 } },
      { name: 'latency p97.5 at 50 concurrent', value: load.latency.p97_5, unit: 'ms', target: { max: UPSTREAM_MS + 150 } },
      { name: 'errors under load', value: load.errors + load.non2xx, unit: 'count', target: { max: 0 } },
    ];
  } finally {
    await stack.close();
  }
}
