import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeUpstream, type FakeUpstream } from '@promptpair/fake-upstream';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/test-client.ts';
import { promptLines, subscribe, upload, waitForJob } from './test/batch-fixtures.ts';
import { spawnServer } from '../../test/spawn-server.ts';

let fake: FakeUpstream;
let dataDir: string;
beforeAll(async () => {
  fake = await startFakeUpstream({ latencyMs: 60 });
  dataDir = await mkdtemp(join(tmpdir(), 'promptpair-crash-'));
});
afterAll(async () => {
  await fake.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The same visitor (cookie jar) talking to another process. */
function sameVisitor(from: TestClient, url: string): TestClient {
  const client = new TestClient(url, { browser: true });
  for (const [name, value] of from.cookies) client.cookies.set(name, value);
  return client;
}

describe('a run across a crash', () => {
  it('resumes after SIGKILL and a restart, with exactly one record per prompt', { timeout: 60_000 }, async () => {
    const env = {
      DATA_DIR: dataDir,
      OPENAI_API_KEY: 'sk-operator',
      OPENAI_BASE_URL: fake.openaiBaseUrl,
      GOOGLE_API_KEY: 'g-operator',
      GOOGLE_BASE_URL: fake.googleBaseUrl,
      BATCH_CONCURRENCY: '3',
    };
    const first = await spawnServer(env);
    const client = await subscribe(new TestClient(first.url, { browser: true }), 'crash@example.com');
    const prompts = promptLines(60, 'Crash');
    const created = await upload(client, { filename: 'crash.txt', content: prompts.join('\n') });
    expect(created.status).toBe(201);
    const before = await waitForJob(client, created.body.id, (job) => job.done + job.failed >= 15);
    expect(before.pending).toBeGreaterThan(0);

    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');

    // Nobody opens the page: the restarted server finds the job itself. The client only watches.
    const second = await spawnServer(env);
    const watcher = sameVisitor(client, second.url);
    const job = await waitForJob(watcher, created.body.id);
    expect(job).toMatchObject({ status: 'completed', total: 60, pending: 0 });
    expect(job.done + job.failed).toBe(60);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe('0');

    const db = new SQLite(join(dataDir, 'promptpair.sqlite'), { readonly: true });
    try {
      const perPrompt = db
        .prepare('SELECT l.prompt_message AS prompt, COUNT(*) AS n FROM logs l JOIN batch_items i ON i.log_id = l.id WHERE i.job_id = ? GROUP BY l.prompt_message')
        .all(created.body.id) as { prompt: string; n: number }[];
      expect(perPrompt.map((row) => row.prompt).sort()).toEqual([...prompts].sort());
      expect(perPrompt.every((row) => row.n === 1)).toBe(true);
      const allBatchLogs = db.prepare("SELECT COUNT(*) AS n FROM logs WHERE prompt_message LIKE 'Crash prompt %'").get() as { n: number };
      expect(allBatchLogs.n).toBe(60);
    } finally {
      db.close();
    }
  });
});
