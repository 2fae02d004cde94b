import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compose, type Composed } from '../../apps/server/src/compose.ts';
import { parseEnv } from '../../apps/server/src/config/env.ts';

const FAKE_CLI = fileURLToPath(new URL('../../tools/fake-upstream/src/cli.ts', import.meta.url));

/** The simulator in its own process, as a real upstream is: its work must not count as the runner's. */
async function spawnFake(latencyMs: number): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', FAKE_CLI, '--latency', String(latencyMs), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (\S+)/.exec(out);
      if (match?.[1]) resolve({ url: match[1], child });
    });
    child.once('exit', (code) => reject(new Error(`fake upstream exited with ${code}`)));
  });
}

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
