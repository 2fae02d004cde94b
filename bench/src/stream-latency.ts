import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STREAM_CONTENT_TYPE } from '@promptpair/contract';
import { MODEL_LIKE_PACE, startFakeUpstream, WRITE_TIME_MARKER } from '@promptpair/fake-upstream';
import { spawnServer } from '@promptpair/server/spawn-server';
import { percentile, type Measurement } from './report.ts';
import { requireProductBuild, servedNodeArgs } from './server-cost/processes.ts';
import { benchOperatorEnv } from './server-stack.ts';

const CONCURRENT = 100;
/** Each side writes 40 stamped pieces: every stream lasts a few seconds, and all 100 overlap. */
const ANSWER = Array.from({ length: 40 }, () => `${WRITE_TIME_MARKER} word word`).join(' ');
const PROMPT = `How soon does text reach the page? [[all:text=${ANSWER}]]`;


const now = () => performance.timeOrigin + performance.now();

/** Reads one streamed comparison; for every delta, how long ago its upstream wrote it (ms). */
async function streamOne(url: string): Promise<{ first: number[]; all: number[] }> {
  const response = await fetch(`${url}/api/getChatData`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: STREAM_CONTENT_TYPE },
    body: JSON.stringify({ prompt: PROMPT }),
  });
  if (!response.ok || !response.body) throw new Error(`streamed comparison failed with ${response.status}`);
  const first: number[] = [];
  const all: number[] = [];
  const seenSide = new Set<string>();
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body) {
    const arrived = now();
    buffer += decoder.decode(chunk as Uint8Array, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (!block.startsWith('event: delta')) continue;
      const { side, text } = JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { side: string; text: string };
      const stamp = /\d{13}\.\d{3}/.exec(text);
      if (!stamp) continue;
      const delay = arrived - Number(stamp[0]);
      all.push(delay);
      if (!seenSide.has(side)) first.push(delay);
      seenSide.add(side);
    }
  }
  return { first, all };
}

/**
 * From the upstream writing a piece to the client reading it as an event, with 100 comparisons
 * streaming at once. The server runs compiled, as `npm start` runs it (`npm run bench` builds it first), in its own
 * process; the fake upstream and the 100 readers
 * share this one, and both clocks are the machine's wall clock at sub-millisecond resolution.
 */
export async function measureStreamLatency(): Promise<Measurement[]> {
  // The upstreams write as real models do (a pause before the first words, then a steady rate), so
  // the 100 streams are under way together rather than all starting in the same millisecond.
  const fake = await startFakeUpstream({ recordRequests: false, streamPace: MODEL_LIKE_PACE });
  const dataDir = await mkdtemp(join(tmpdir(), 'promptpair-bench-stream-'));
  const server = await spawnServer({
    DATA_DIR: dataDir,
    ...benchOperatorEnv(fake),
    RATE_LIMITS: 'off',
  }, [...servedNodeArgs(), requireProductBuild()]);
  try {
    await Promise.all(Array.from({ length: 5 }, () => streamOne(server.url))); // warm up
    const runs = await Promise.all(Array.from({ length: CONCURRENT }, () => streamOne(server.url)));
    const first = runs.flatMap((run) => run.first);
    const all = runs.flatMap((run) => run.all);
    return [
      { name: `first piece, upstream → client event, p50 (${CONCURRENT} streams)`, value: percentile(first, 50), unit: 'ms', target: { max: 10 } },
      { name: `first piece, upstream → client event, p95 (${CONCURRENT} streams)`, value: percentile(first, 95), unit: 'ms' },
      { name: `every piece, upstream → client event, p50 (${all.length} pieces)`, value: percentile(all, 50), unit: 'ms' },
      { name: 'streams that delivered both sides', value: runs.filter((run) => run.first.length === 2).length, unit: 'count', target: { min: CONCURRENT } },
    ];
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// `node --import tsx bench/src/stream-latency.ts` runs this section alone.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const m of await measureStreamLatency()) console.log(m.name, m.value.toFixed(2), m.unit);
}
