import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { migrateToLatest, openSqliteDatabase, type Database } from '../db/database.ts';
import type { SqliteExecutor } from '../db/sqlite-executor.ts';
import type { WalCheckpointer } from '../db/wal-checkpointer.ts';

/**
 * A migrated SQLite database in a folder of its own, for tests of the storage layer: `open()` makes
 * one, and each is closed and its folder removed after the test.
 */
export function useTempSqlite(prefix: string): () => Promise<{ db: Database; file: string; sqlite: SqliteExecutor; checkpointer: WalCheckpointer }> {
  const opened: { db: Database; dataDir: string }[] = [];
  afterEach(async () => {
    for (const { db, dataDir } of opened.splice(0)) {
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
  return async () => {
    const dataDir = mkdtempSync(join(tmpdir(), prefix));
    const { db, sqlite, checkpointer } = openSqliteDatabase({ dataDir });
    opened.push({ db, dataDir });
    await migrateToLatest(db);
    return { db, file: join(dataDir, 'promptpair.sqlite'), sqlite, checkpointer: checkpointer! };
  };
}
