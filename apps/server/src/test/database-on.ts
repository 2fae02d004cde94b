import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, type Database } from '../db/database.ts';
import type { DatabaseKind } from './both-databases.ts';
import { createTestSchema } from './postgres-schema.ts';

export interface OpenedDatabase {
  db: Database;
  close(): Promise<void>;
}

/** A database not yet migrated, for one migration test: SQLite in a folder of its own or a fresh PostgreSQL schema; `close` removes it. */
export async function openDatabaseOn(kind: DatabaseKind, name: string): Promise<OpenedDatabase> {
  if (kind === 'postgres') {
    const schema = await createTestSchema(`pp_${name}`);
    const db = createDatabase({ databaseUrl: schema.url, dataDir: '' });
    return { db, close: async () => (await db.destroy(), await schema.drop()) };
  }
  const dir = await mkdtemp(join(tmpdir(), `promptpair-${name}-`));
  const db = createDatabase({ dataDir: dir });
  return { db, close: async () => (await db.destroy(), await rm(dir, { recursive: true, force: true })) };
}
