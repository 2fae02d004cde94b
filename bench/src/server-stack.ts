import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeUpstream, type FakeUpstream } from '@promptpair/fake-upstream';
import { compose, type Composed } from '@promptpair/server/compose';
import { parseEnv } from '@promptpair/server/env';

export interface BenchStack {
  url: string;
  fake: FakeUpstream;
  composed: Composed;
  close(): Promise<void>;
}

/** Operator keys and addresses pointing at the simulator, with the free cap out of the way. */
export function benchOperatorEnv(fake: { openaiBaseUrl: string; googleBaseUrl: string }): Record<string, string> {
  return {
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: fake.openaiBaseUrl,
    GOOGLE_API_KEY: 'g-bench',
    GOOGLE_BASE_URL: fake.googleBaseUrl,
    FREE_PROMPTS: '1000000000',
    FREE_PROMPTS_PER_IP: '0',
  };
}

/** The real server against the simulator at a fixed latency, with the free cap out of the way. */
export async function startBenchStack(upstreamLatencyMs: number, env: Record<string, string> = {}): Promise<BenchStack> {
  const fake = await startFakeUpstream({ latencyMs: upstreamLatencyMs });
  const dataDir = await mkdtemp(join(tmpdir(), 'promptpair-bench-'));
  const composed = await compose(
    parseEnv({
      DATA_DIR: dataDir,
      ...benchOperatorEnv(fake),
      // All load comes from one address: per-IP limits would measure the limiter, not the server.
      RATE_LIMITS: 'visitor',
      LOG_LEVEL: 'silent',
      ...env,
    }),
    { logger: false },
  );
  const url = await composed.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    fake,
    composed,
    async close() {
      await composed.close();
      await fake.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
