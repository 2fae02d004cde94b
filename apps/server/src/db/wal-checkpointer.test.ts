import { statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { useTempSqlite } from '../test/temp-sqlite.ts';
import { walCheckpointerOf } from './database.ts';
import { createLogsRepository } from './repositories/logs.ts';
import { startWalCheckpointer } from './wal-checkpointer.ts';

const side = JSON.stringify({ message: 'x'.repeat(1500) });
const openDatabase = useTempSqlite('pp-wal-');

async function open() {
  const { db, file } = await openDatabase();
  return { db, file, logs: createLogsRepository(db) };
}

describe('WAL checkpoints off the event loop', () => {
  it('keeps the WAL short while writes never stop', async () => {
    const { db, file, logs } = await open();
    const checkpointer = walCheckpointerOf(db)!;
    let written = 0;
    const write = async () => {
      await logs.insert({ visitorId: 'v', prompt: `p${written++}`, chatGPTJson: side, palmJson: side, chatGPTLogOutput: false, palmLogOutput: false });
    };
    // Each round is met by writes all the way through; without the pause that lets the last
    // round finish, the WAL would never start over and would hold every row written.
    for (let round = 0; round < 40; round++) {
      let done = false;
      const finished = checkpointer.checkpoint().then(() => (done = true));
      while (!done || written % 400 !== 0) {
        await write();
        if (written % 10 === 0) await nextTurn();
      }
      await finished;
    }
    const walBytes = statSync(`${file}-wal`).size;
    // A WAL that kept every row would be bigger than the rows themselves; one that starts over
    // holds the last round or two.
    expect(walBytes).toBeLessThan((written * 2 * side.length) / 2);
  });

  it('hands the checkpoint back to SQLite when the worker stops', async () => {
    let stopped = false;
    const checkpointer = startWalCheckpointer(join(tmpdir(), 'pp-no-such-dir', 'none.sqlite'), () => (stopped = true));
    await expect(checkpointer.checkpoint()).rejects.toThrow(/stopped/);
    expect(stopped).toBe(true);
  });
});
