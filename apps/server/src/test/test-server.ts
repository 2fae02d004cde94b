import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeUpstream, type FakeUpstream } from '@promptpair/fake-upstream';
import { compose, type Composed } from '../compose.ts';
import { parseEnv } from '../config/env.ts';
import { TestClient } from './test-client.ts';

export interface TestServer {
  url: string;
  fake: FakeUpstream;
  composed: Composed;
  dataDir: string;
  /** A new visitor: its own cookie jar. */
  client(options?: { browser?: boolean; ip?: string }): TestClient;
  close(): Promise<void>;
}

/** The operator keys the test server runs with; tests assert they never leak. */
export const OPERATOR_KEYS = { openai: 'sk-operator-secret-0001', google: 'AIza-operator-secret-0002' } as const;

export interface TestServerOptions {
  fake?: FakeUpstream;
  webRoot?: string;
  /** Where the server's JSON log lines go (at `info`); without it the server logs nothing. */
  logStream?: NodeJS.WritableStream;
  /** Today as YYYY-MM-DD, for shutdown dates and the catalogs' age; the machine's date otherwise. */
  today?: string;
}

/**
 * A real server on a loopback port, backed by a fresh SQLite folder and the fake upstream.
 * `env` overrides any variable; pass `fake` to share one simulator between servers.
 */
export async function startTestServer(env: Record<string, string> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const fake = options.fake ?? (await startFakeUpstream());
  const dataDir = await mkdtemp(join(tmpdir(), 'promptpair-test-'));
  const parsed = parseEnv({
    DATA_DIR: dataDir,
    OPENAI_API_KEY: OPERATOR_KEYS.openai,
    OPENAI_BASE_URL: fake.openaiBaseUrl,
    GOOGLE_API_KEY: OPERATOR_KEYS.google,
    GOOGLE_BASE_URL: fake.googleBaseUrl,
    UPSTREAM_TIMEOUT_MS: '5000',
    // The test client is the one proxy in front: its X-Forwarded-For names the visitor's address.
    TRUST_PROXY: '1',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const logger = options.logStream ? { level: 'info', stream: options.logStream } : false;
  const today = options.today;
  const composed = await compose(parsed, { logger, webRoot: options.webRoot, ...(today ? { today: () => today } : {}) });
  const url = await composed.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    fake,
    composed,
    dataDir,
    client: (clientOptions) => new TestClient(url, clientOptions),
    async close() {
      await composed.close();
      if (!options.fake) await fake.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
