import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, sql, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely';
import { DEFAULT_MIGRATION_TABLE, Migrator } from 'kysely/migration';
import { databaseFileProblem, keepDatabaseFilePrivate, prepareDataDir, sqliteFileIn } from './data-dir.ts';
import { migrations } from './migrations/index.ts';
import type { PostgresTimeouts } from '../config/postgres-timeouts.ts';
import { createPostgresPool } from './pg-pool.ts';
import { createSqliteExecutor, type SqliteExecutor } from './sqlite-executor.ts';
import { withStatementCache } from './statement-cache.ts';
import { startWalCheckpointer, type WalCheckpointer } from './wal-checkpointer.ts';
import type { DB } from './schema.ts';

export type Database = Kysely<DB>;

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  sqliteFile?: string;
  /** PostgreSQL's timeouts (db/pg-pool.ts); its defaults when not given. */
  postgres?: PostgresTimeouts;
}

/**
 * SQLite in DATA_DIR by default; PostgreSQL when DATABASE_URL is set (several instances can share it).
 * A DATA_DIR or database file that cannot be used stops the start with a StartupError saying what to do.
 */
export function createDatabase(options: DatabaseOptions): Database {
  return openDatabase(options).db;
}

/** The database and, on SQLite, the executor for the statements every comparison runs (db/sqlite-executor.ts); PostgreSQL has none. */
export function openDatabase(options: DatabaseOptions): { db: Database; sqlite?: SqliteExecutor } {
  if (options.databaseUrl) {
    return { db: new Kysely<DB>({ dialect: new PostgresDialect({ pool: createPostgresPool(options.databaseUrl, options.postgres) }) }) };
  }
  return openSqliteDatabase(options);
}

/** A SQLite database, its executor and, for a file, the checkpointer that keeps its WAL short (tests run rounds through it). */
export function openSqliteDatabase(options: Omit<DatabaseOptions, 'databaseUrl' | 'postgres'>): { db: Database; sqlite: SqliteExecutor; checkpointer: WalCheckpointer | undefined } {
  const file = options.sqliteFile ?? sqliteFileIn(options.dataDir);
  if (file !== ':memory:') prepareDataDir(options.dataDir);
  let sqlite: SQLite.Database;
  try {
    if (file !== ':memory:') keepDatabaseFilePrivate(file);
    sqlite = new SQLite(file);
    // WAL lets readers work while the single writer commits; a busy timeout rides out a second process.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
  } catch (error) {
    throw databaseFileProblem(file, error);
  }
  const checkpointer = file === ':memory:' ? undefined : checkpointOffTheEventLoop(sqlite, file);
  const statements = withStatementCache(sqlite, undefined, () => void checkpointer?.close());
  const db = new Kysely<DB>({ dialect: new SqliteDialectKeepingCause({ database: statements }, sqlite, checkpointer) });
  return { db, sqlite: createSqliteExecutor(sqlite, statements, checkpointer), checkpointer };
}

/**
 * Kysely's SQLite dialect with two changes. A transaction that SQLite has already rolled back itself
 * (it does on SQLITE_FULL, SQLITE_IOERR, SQLITE_BUSY) is not rolled back again: that ROLLBACK would
 * fail with "cannot rollback - no transaction is active", and Kysely would throw it instead of the
 * real cause. And while the WAL checkpointer finishes a round (`paused`, db/wal-checkpointer.ts),
 * queries wait for it before they take the connection, so the WAL can start over under steady writes.
 */
class SqliteDialectKeepingCause extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #sqlite: SQLite.Database;
  readonly #checkpointer: WalCheckpointer | undefined;

  constructor(config: SqliteDialectConfig, sqlite: SQLite.Database, checkpointer: WalCheckpointer | undefined) {
    super(config);
    this.#config = config;
    this.#sqlite = sqlite;
    this.#checkpointer = checkpointer;
  }

  override createDriver(): Driver {
    const sqlite = this.#sqlite;
    const checkpointer = this.#checkpointer;
    return new (class extends SqliteDriver {
      override async acquireConnection(): Promise<DatabaseConnection> {
        const paused = checkpointer?.paused;
        if (paused) await paused;
        return super.acquireConnection();
      }

      override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
        if (sqlite.inTransaction) await super.rollbackTransaction(connection);
      }
    })(this.#config);
  }
}

/**
 * The WAL is checkpointed from a worker thread (db/wal-checkpointer.ts), not inside the commit
 * that fills it; should the worker stop, SQLite's own auto-checkpoint comes back.
 */
function checkpointOffTheEventLoop(sqlite: SQLite.Database, file: string): WalCheckpointer {
  sqlite.pragma('wal_autocheckpoint = 0');
  return startWalCheckpointer(file, () => {
    if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
  });
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

/** SQLite's and PostgreSQL's word for a table that is not there (a database never migrated). */
function isMissingTable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '42P01' || (code === 'SQLITE_ERROR' && typeof message === 'string' && message.startsWith('no such table'));
}

/**
 * This version's migrations the database has not run (none once migrateToLatest succeeded); throws
 * when it cannot be reached. Read straight from the migration table in the current schema: the
 * migrator's own check introspects every table of the database, and on PostgreSQL that waits on any
 * table another session holds locked (a migration elsewhere), so readiness would hang on a neighbour.
 */
export async function missingMigrations(db: Database): Promise<string[]> {
  let ran: Set<string>;
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
    ran = new Set(rows.map((row) => row.name));
  } catch (error) {
    if (!isMissingTable(error)) throw error;
    ran = new Set();
  }
  return Object.keys(migrations).filter((name) => !ran.has(name));
}
