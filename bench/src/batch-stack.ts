import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compose, type Composed } from '@promptpair/server/compose';
import { parseEnv } from '@promptpair/server/env';
import { spawnFake } from './server-cost/processes.ts';

export interface BatchStack {
  url: string;
  /** The simulator's root URL. */
  fakeUrl: string;
  composed: Composed;
  close(): Promise<void>;
}

/** The real server in this process against the simulator in another, with BATCH_CONCURRENCY set. */
export async function startBatchStack(upstreamLatencyMs: number, concurrency: number): Promise<BatchStack> {
  const fake = await spawnFake(upstreamLatencyMs);
  const dataDir = await mkdtemp(join(tmpdir(), 'promptpair-bench-batch-'));
  const composed = await compose(
    parseEnv({
      DATA_DIR: dataDir,
      OPENAI_API_KEY: 'sk-bench',
      OPENAI_BASE_URL: `${fake.url}/v1`,
      GOOGLE_API_KEY: 'g-bench',
      GOOGLE_BASE_URL: fake.url,
      BATCH_CONCURRENCY: String(concurrency),
      LOG_LEVEL: 'silent',
    }),
    { logger: false },
  );
  const url = await composed.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    fakeUrl: fake.url,
    composed,
    async close() {
      await composed.close();
      fake.child.kill('SIGTERM');
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
