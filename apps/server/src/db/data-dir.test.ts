import { spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_ROUTES } from '@promptpair/contract';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/test-server.ts';
import { createDatabase } from './database.ts';
import { sqliteFileIn } from './data-dir.ts';

// DATA_DIR holds visitors' prompts, sealed keys and the app key: made for its owner only, and a
// folder the server cannot use stops the start with one line naming the path and what to do.

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);
let base: string;
beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'promptpair-data-dir-'));
  // The unprivileged user of the start tests below must reach the folders made inside.
  chmodSync(base, 0o755);
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('a fresh DATA_DIR', () => {
  it('is created 0700, and the database, its WAL and shared memory, and the generated app key are 0600', async () => {
    const dataDir = join(base, 'fresh', 'data');
    const server = await startTestServer({ DATA_DIR: dataDir });
    try {
      expect((await server.client().post(API_ROUTES.getChatData, { prompt: 'something to write' })).status).toBe(200);
      const file = sqliteFileIn(dataDir);
      expect({
        dataDir: modeOf(dataDir),
        database: modeOf(file),
        wal: modeOf(`${file}-wal`),
        sharedMemory: modeOf(`${file}-shm`),
        appKey: modeOf(join(dataDir, 'app-key')),
      }).toEqual({ dataDir: '700', database: '600', wal: '600', sharedMemory: '600', appKey: '600' });
    } finally {
      await server.close();
    }
  });

  it('tightens a database file an earlier version left readable by others', async () => {
    const dataDir = join(base, 'earlier');
    mkdirSync(dataDir);
    const file = sqliteFileIn(dataDir);
    const earlier = new SQLite(file);
    earlier.pragma('journal_mode = WAL');
    earlier.exec('create table t (x)');
    earlier.close();
    chmodSync(file, 0o644);
    const db = createDatabase({ dataDir });
    await db.destroy();
    expect(modeOf(file)).toBe('600');
  });
});

const SERVER_ENTRY = fileURLToPath(new URL('../server.ts', import.meta.url));
/** Root passes every permission check, so as root the server is started as `nobody`, as a container runs it unprivileged. */
const AS = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};

/** Starts server.ts with this DATA_DIR and resolves with its exit code and what it printed, once it has exited. */
function startFailing(dataDir: string): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    ...AS,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', APP_KEY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 100_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    }),
  );
}

/** A folder for one case, with this mode (owned by the test's user: root, or the server's own when not root). */
function folder(name: string, mode: number): string {
  const path = join(base, name);
  mkdirSync(path);
  chmodSync(path, mode);
  return path;
}

describe('a DATA_DIR the server cannot use', () => {
  it('stops the start with one plain line naming the path and what to do, no stack', async () => {
    writeFileSync(join(base, 'a-file'), 'not a folder');
    const notCreatable = join(base, 'a-file', 'data');
    const notWritable = folder('read-only', 0o555);
    const notReadable = folder('write-only', 0o333);
    const withLockedFile = folder('locked-file', 0o777);
    writeFileSync(sqliteFileIn(withLockedFile), '');
    chmodSync(sqliteFileIn(withLockedFile), 0o444);
    if (AS.uid !== undefined) chownSync(sqliteFileIn(withLockedFile), 0, 0);

    const cases = [
      { dataDir: notCreatable, says: `DATA_DIR ${notCreatable} cannot be created (ENOTDIR` },
      { dataDir: notWritable, says: `DATA_DIR ${notWritable} cannot be written (EACCES` },
      { dataDir: notReadable, says: `DATA_DIR ${notReadable} cannot be read (EACCES` },
      { dataDir: withLockedFile, says: `The database file ${sqliteFileIn(withLockedFile)} cannot be opened and written (EACCES` },
    ];
    const results = await Promise.all(cases.map(({ dataDir }) => startFailing(dataDir)));
    results.forEach((result, index) => {
      const { says } = cases[index]!;
      expect(result.code, result.stderr).toBe(1);
      expect(result.stdout).toBe('');
      const lines = result.stderr.trim().split('\n');
      expect(lines, result.stderr).toHaveLength(1);
      expect(lines[0]).toContain(says);
      expect(lines[0]).toMatch(/Give the user running PromptPair \(uid \d+\) read and write access to it/);
      expect(lines[0]).not.toMatch(/SqliteError|\bat .*:\d+:\d+/);
    });
  }, 120_000);
});
