import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, sql, SqliteDialect } from 'kysely';
import { migrations } from './migrations/index.ts';
import { loadPg } from './pg.ts';
import { withStatementCache } from './statement-cache.ts';
import type { DB } from './schema.ts';

export type Database = Kysely<DB>;

/** SQLite in DATA_DIR by default; PostgreSQL when DATABASE_URL is set (several instances can share it). */
export function createDatabase(options: { databaseUrl?: string | undefined; dataDir: string; sqliteFile?: string }): Database {
  if (options.databaseUrl) {
    const pool = new (loadPg().Pool)({ connectionString: options.databaseUrl, max: 10 });
    // A connection that PostgreSQL ends (a restart, pg_terminate_backend) reports an 'error' event,
    // on the pool while idle and on the client while checked out between queries; unheard, either
    // would end the process. The query that needed it fails (503, plugins/errors.ts) and the pool
    // drops the broken client and opens a new one when next needed.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  const file = options.sqliteFile ?? join(options.dataDir, 'promptpair.sqlite');
  if (file !== ':memory:') mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers work while the single writer commits; a busy timeout rides out a second process.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/**
 * Kysely looks for its bookkeeping tables (kysely_migration, …) in every schema of a PostgreSQL
 * database unless told which one: another deployment or test run in a sibling schema would make it
 * skip creating ours and then fail to read it. So on PostgreSQL the current schema is named.
 */
async function migrationSchema(db: Database): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

/** True for a UNIQUE violation on SQLite (better-sqlite3) or PostgreSQL (pg). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** The migrator for this database, its bookkeeping in the right schema (tests step through migrations with it). */
export async function createMigrator(db: Database): Promise<Migrator> {
  const migrationTableSchema = await migrationSchema(db);
  return new Migrator({ db, migrationTableSchema, provider: { getMigrations: () => Promise.resolve(migrations) } });
}

export async function migrateToLatest(db: Database): Promise<void> {
  const migrator = await createMigrator(db);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

/** This version's migrations the database has not run (none once migrateToLatest succeeded); throws when it cannot be reached. */
export async function missingMigrations(db: Database): Promise<string[]> {
  const known = await (await createMigrator(db)).getMigrations();
  return known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}
