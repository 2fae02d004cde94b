import { closeSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { useTempSqlite } from '../test/temp-sqlite.ts';
import { createLogsRepository } from './repositories/logs.ts';
import { startWalCheckpointer, WAL_RESTART_FRAMES, walIndexReader, type WalCheckpointer } from './wal-checkpointer.ts';

const side = JSON.stringify({ message: 'x'.repeat(1500) });
const openDatabase = useTempSqlite('pp-wal-');

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * How many times the WAL has started over: the checkpoint sequence number in its header (bytes
 * 12-15, big-endian; sqlite.org/walformat.html), which SQLite raises at each restart.
 */
function walRestarts(file: string): number {
  const header = Buffer.alloc(16);
  const fd = openSync(`${file}-wal`, 'r');
  try {
    readSync(fd, header, 0, header.length, 0);
  } finally {
    closeSync(fd);
  }
  return header.readUInt32BE(12);
}

/** A bare SQLite file in WAL mode with SQLite's own checkpoint off: only the checkpointer under test copies frames. */
function bareWalFile() {
  const dir = mkdtempSync(join(tmpdir(), 'pp-wal-bare-'));
  const file = join(dir, 'bare.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('wal_autocheckpoint = 0');
  sqlite.exec('create table rows (value text)');
  const insert = sqlite.prepare('insert into rows (value) values (?)');
  const index = walIndexReader(file);
  cleanups.push(() => {
    index.close();
    sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    file,
    sqlite,
    /** `count` commits of a row each. */
    write: (count: number) => {
      for (let row = 0; row < count; row++) insert.run('x'.repeat(3000));
    },
    framesWaiting: () => index.framesWaiting(),
  };
}

function checkpointerOn(file: string, options: Parameters<typeof startWalCheckpointer>[2]): WalCheckpointer {
  const checkpointer = startWalCheckpointer(file, () => undefined, { intervalMs: 20, ...options });
  cleanups.push(() => checkpointer.close());
  return checkpointer;
}

async function open() {
  const { db, file, checkpointer } = await openDatabase();
  return { file, checkpointer, logs: createLogsRepository(db) };
}

describe('WAL checkpoints off the event loop', () => {
  it('starts the WAL over while writes never stop', async () => {
    const { file, checkpointer, logs } = await open();
    const index = walIndexReader(file);
    cleanups.push(() => index.close());
    let written = 0;
    const write = async () => {
      await logs.insert({ visitorId: 'v', prompt: `p${written++}`, aJson: side, bJson: side, aLogOutput: false, bLogOutput: false });
    };
    // Each round is met by writes all the way through. A checkpoint that writes meet copies all
    // but the newest frames, so without the pause that lets a round finish the WAL would never
    // start over. How far the WAL grows while a round copies depends on the disk, so the test
    // counts restarts, not bytes.
    for (let cycle = 0; cycle < 5; cycle++) {
      const before = walRestarts(file);
      while ((index.framesWaiting() ?? 0) < WAL_RESTART_FRAMES) await write();
      // A round begun from here sees at least WAL_RESTART_FRAMES frames; the first may be one the
      // timer began earlier, with fewer.
      for (let round = 0; round < 2 && walRestarts(file) === before; round++) {
        let done = false;
        const finished = checkpointer.checkpoint().then(() => (done = true));
        while (!done) {
          await write();
          if (written % 10 === 0) await nextTurn();
        }
        await finished;
        await write();
      }
      expect(walRestarts(file), `cycle ${cycle}`).toBeGreaterThan(before);
    }
  });

  it('reads how many frames wait to be copied from the WAL index, as SQLite counts them', () => {
    const bare = bareWalFile();
    const before = bare.framesWaiting()!;
    bare.write(10);
    const waiting = bare.framesWaiting()!;
    expect(waiting).toBeGreaterThanOrEqual(before + 10);
    const [result] = bare.sqlite.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
    expect(result).toEqual(expect.objectContaining({ log: waiting, checkpointed: waiting }));
    expect(bare.framesWaiting()).toBe(0);
    // A write after a whole copy starts the WAL over: the count starts again from its own frames.
    bare.write(1);
    expect(bare.framesWaiting()).toBeGreaterThan(0);
    expect(bare.framesWaiting()).toBeLessThan(waiting);
    expect(walIndexReader(join(tmpdir(), 'pp-no-such-dir', 'none.sqlite')).framesWaiting()).toBeUndefined();
  });

  it('copies once enough frames wait, and leaves a few for later (each whole copy costs the next write an fsync)', async () => {
    const bare = bareWalFile();
    // Looks are counted, not waited for on the clock: on a loaded machine a timed wait could pass
    // before the checkpointer looked at all, and the check below would then prove nothing.
    let looksAfterWrite = -Infinity;
    let roundsDue = 0;
    checkpointerOn(bare.file, {
      roundAfterFrames: 40,
      roundAfterMs: 60_000,
      onLook: (due) => {
        looksAfterWrite += 1;
        if (due) roundsDue += 1;
      },
    });
    bare.write(3);
    const few = bare.framesWaiting()!;
    looksAfterWrite = 0;
    await expect.poll(() => looksAfterWrite, { timeout: 15_000 }).toBeGreaterThanOrEqual(5);
    expect(roundsDue).toBe(0);
    expect(bare.framesWaiting()).toBe(few);
    bare.write(40);
    await expect.poll(() => bare.framesWaiting()).toBe(0);
  });

  it('hands the checkpoint back to SQLite when the worker stops', async () => {
    let stopped = false;
    const checkpointer = startWalCheckpointer(join(tmpdir(), 'pp-no-such-dir', 'none.sqlite'), () => (stopped = true));
    await expect(checkpointer.checkpoint()).rejects.toThrow(/stopped/);
    expect(stopped).toBe(true);
  });
});
