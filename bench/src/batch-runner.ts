import { API_ROUTES, BATCH_ROUTES, batchJobPath, COOKIE_NAMES, XSRF_HEADER, type TBatchJob } from '@promptpair/contract';
import type { Measurement } from './report.ts';
import { timeBareCalls } from './batch-floor.ts';
import { startBatchStack } from './batch-stack.ts';

const PROMPTS = 200;
const UPSTREAM_MS = 200;
/** Within 5 % of the ideal n × L / c. */
const MAX_RATIO = 1.05;

/** A minimal browser-like visitor: keeps cookies and echoes the XSRF token. */
function visitor(baseUrl: string) {
  const jar = new Map<string, string>();
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = { origin: baseUrl, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    const xsrf = jar.get(COOKIE_NAMES.xsrf);
    if (xsrf) headers[XSRF_HEADER] = decodeURIComponent(xsrf);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
}

/** Uploads `count` prompts and waits for the run to end; its time is the server's created → finished. */
async function runList(call: ReturnType<typeof visitor>, count: number): Promise<{ wallMs: number; serverMs: number }> {
  const content = Array.from({ length: count }, (_, i) => `Benchmark prompt ${i + 1}`).join('\n');
  const started = performance.now();
  const created = await call<TBatchJob>('POST', BATCH_ROUTES.upload, { filename: 'bench.txt', content });
  let job = created;
  while (job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = await call<TBatchJob>('GET', batchJobPath(created.id));
  }
  if (job.status !== 'completed' || job.done !== count) throw new Error(`the run ended ${job.status} with ${job.done}/${count} done`);
  return { wallMs: performance.now() - started, serverMs: Date.parse(job.finishedAt ?? '') - Date.parse(job.createdAt) };
}

/** One stack per concurrency; a short run first warms both processes' JIT, as a long-running server is. */
async function timeRun(concurrency: number): Promise<{ wallMs: number; serverMs: number; floorMs: number }> {
  const stack = await startBatchStack(UPSTREAM_MS, concurrency);
  try {
    const call = visitor(stack.url);
    await call('GET', API_ROUTES.session);
    await call('POST', API_ROUTES.key, { chatgpt_key: 'sk-bench-subscriber-0001', palmapi_key: 'AIza-bench-subscriber-0002', email: 'bench@example.com' });
    await runList(call, concurrency * 5);
    const run = await runList(call, PROMPTS);
    return { ...run, floorMs: await timeBareCalls(stack.fakeUrl, PROMPTS, concurrency) };
  } finally {
    await stack.close();
  }
}

/**
 * Prompt-list runs, "as fast as the limits allow": 200 prompts against 200 ms upstreams (both services
 * of a prompt at once) at c = 4 and c = 20, compared with the ideal n × L / c.
 */
export async function measureBatchRunner(): Promise<Measurement[]> {
  const measurements: Measurement[] = [];
  for (const concurrency of [4, 20]) {
    const idealMs = (PROMPTS * UPSTREAM_MS) / concurrency;
    const { wallMs, serverMs, floorMs } = await timeRun(concurrency);
    measurements.push(
      { name: `batch ${PROMPTS} prompts, c=${concurrency}: job created → last record`, value: serverMs / 1000, unit: 's', target: { max: (idealMs * MAX_RATIO) / 1000 } },
      { name: `batch c=${concurrency}: that time / ideal n×L/c = ${idealMs / 1000} s`, value: serverMs / idealMs, unit: '×', target: { max: MAX_RATIO } },
      { name: `batch c=${concurrency}: upload request → seen finished (100 ms polls)`, value: wallMs / 1000, unit: 's' },
      { name: `batch c=${concurrency}: same calls without the runner (floor)`, value: floorMs / 1000, unit: 's' },
      { name: `batch c=${concurrency}: runner time / floor`, value: serverMs / floorMs, unit: '×' },
    );
  }
  return measurements;
}

// `node --import tsx bench/src/batch-runner.ts` runs this section alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { formatRow } = await import('./report.ts');
  for (const m of await measureBatchRunner()) console.log('  ' + formatRow(m));
}
