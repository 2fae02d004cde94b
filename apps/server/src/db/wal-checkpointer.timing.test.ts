import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startWalCheckpointer, walIndexReader } from './wal-checkpointer.ts';

// The round's age, against the clock. The age is seconds long, so the reading taken a few of the
// checkpointer's ticks after the writes always comes before the round is due, however busy the
// machine: a checkpointer that ignored the age would have copied by then.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A bare SQLite file in WAL mode with SQLite's own checkpoint off: only the checkpointer under test copies frames. */
function bareWalFile() {
  const dir = mkdtempSync(join(tmpdir(), 'pp-wal-timed-'));
  const file = join(dir, 'bare.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('wal_autocheckpoint = 0');
  sqlite.exec('create table rows (value text)');
  const index = walIndexReader(file);
  cleanups.push(() => {
    index.close();
    sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const insert = sqlite.prepare('insert into rows (value) values (?)');
  return { file, write: (count: number) => Array.from({ length: count }, () => insert.run('x'.repeat(3000))), framesWaiting: () => index.framesWaiting() };
}

describe('WAL checkpoint rounds, timed', () => {
  it('copies a few waiting frames once the last round is roundAfterMs old, and not before', async () => {
    const roundAfterMs = 3_000;
    const bare = bareWalFile();
    const startedAt = performance.now();
    const checkpointer = startWalCheckpointer(bare.file, () => undefined, { intervalMs: 20, roundAfterFrames: 1_000_000, roundAfterMs });
    cleanups.push(() => checkpointer.close());
    bare.write(3);
    await sleep(200);
    const waiting = bare.framesWaiting();
    expect(performance.now() - startedAt, 'read before the round was due').toBeLessThan(roundAfterMs);
    expect(waiting).toBeGreaterThan(0);
    await expect.poll(() => bare.framesWaiting(), { timeout: roundAfterMs + 10_000, interval: 50 }).toBe(0);
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(roundAfterMs);
  });
});
