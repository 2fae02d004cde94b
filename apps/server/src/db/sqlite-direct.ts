import type { Database as SqliteHandle, RunResult, Statement } from 'better-sqlite3';
import type { Database } from './database.ts';
import type { WalCheckpointer } from './wal-checkpointer.ts';

/**
 * The better-sqlite3 connection under a Kysely SQLite database, for the few statements every
 * comparison runs (the free-cap claim, the saved-keys lookup, the log insert). Kysely wraps each
 * statement in promises, its connection lock and its transaction machinery, which cost about a
 * third of the time of those statements; run here they are plain synchronous calls. PostgreSQL
 * has no such handle and keeps going through Kysely.
 */
export interface DirectSqlite {
  /**
   * False while a Kysely transaction has the connection (between its awaits): a statement run
   * now would land inside that transaction, so the caller goes through Kysely, which waits its turn.
   */
  readonly free: boolean;
  /** While the WAL checkpoint is finishing, what writes wait on first (db/wal-checkpointer.ts); otherwise undefined. */
  readonly paused: Promise<void> | undefined;
  run(query: { sql: string; parameters: readonly unknown[] }): RunResult;
  /** The first row the query answers, as Kysely's SQLite driver would give it. */
  get<R>(query: { sql: string; parameters: readonly unknown[] }): R | undefined;
  /** `work` as one BEGIN IMMEDIATE transaction (the write lock taken first, waiting on another process like any write); a throw rolls it back. */
  transaction<A extends unknown[], T>(work: (...args: A) => T): (...args: A) => T;
}

const handles = new WeakMap<Database, DirectSqlite>();

export function attachDirectSqlite(db: Database, sqlite: SqliteHandle, prepare: (sql: string) => Statement, checkpointer?: WalCheckpointer): void {
  handles.set(db, {
    get free() {
      return sqlite.open && !sqlite.inTransaction;
    },
    get paused() {
      return checkpointer?.paused;
    },
    run: ({ sql, parameters }) => prepare(sql).run(parameters),
    get: <R>({ sql, parameters }: { sql: string; parameters: readonly unknown[] }) => prepare(sql).get(parameters) as R | undefined,
    transaction: (work) => {
      const transaction = sqlite.transaction(work);
      return (...args) => transaction.immediate(...args);
    },
  });
}

/** The direct handle of a SQLite database; undefined on PostgreSQL and for a Kysely transaction. */
export function directSqlite(db: Database): DirectSqlite | undefined {
  return handles.get(db);
}
