import type { Database as SqliteHandle } from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import type { CachedSqlite } from './statement-cache.ts';
import type { WalCheckpointer } from './wal-checkpointer.ts';

/**
 * Plain synchronous calls on the better-sqlite3 connection under Kysely, for the statements every
 * comparison runs (the free-cap claim, the saved-keys lookup, the log insert): Kysely wraps each
 * statement in promises, its connection lock and its transaction machinery, which cost more than
 * running it (docs/decisions.md, "Server cost per comparison"). db/database.ts makes one next to
 * the Kysely of a SQLite database and the repositories that run those statements receive it;
 * PostgreSQL has none. The queries are Kysely's, compiled once (db/precompiled.ts).
 */
export interface SqliteExecutor {
  /**
   * False while a Kysely transaction has the connection (between its awaits: a statement run now
   * would land inside it) or while the WAL checkpointer finishes a round: the caller then goes
   * through Kysely, which waits its turn.
   */
  readonly free: boolean;
  /** Runs a write; how many rows it changed. */
  run(query: CompiledQuery): { changes: number };
  /** The first row the query answers, as Kysely's SQLite driver would give it. */
  first<R>(query: CompiledQuery<R>): R | undefined;
  /** `work` made one BEGIN IMMEDIATE transaction per call (the write lock taken first, waiting on another process like any write); a throw rolls it back. */
  transaction<A extends unknown[], T>(work: (...args: A) => T): (...args: A) => T;
}

export function createSqliteExecutor(sqlite: SqliteHandle, statements: CachedSqlite, checkpointer: WalCheckpointer | undefined): SqliteExecutor {
  return {
    get free() {
      return sqlite.open && !sqlite.inTransaction && checkpointer?.paused === undefined;
    },
    run: (query) => statements.prepare(query.sql).run(query.parameters),
    first: <R>(query: CompiledQuery<R>) => statements.prepare(query.sql).get(query.parameters) as R | undefined,
    transaction: (work) => {
      const transaction = sqlite.transaction(work);
      return (...args) => transaction.immediate(...args);
    },
  };
}
