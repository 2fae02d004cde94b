import type { Database as SqliteHandle, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct SQL texts kept prepared; the server issues a few dozen, so this only bounds the odd ad-hoc one. */
const MAX_STATEMENTS = 256;

/** What Kysely's driver needs, its statements typed as better-sqlite3's. */
export interface CachedSqlite extends SqliteDatabase {
  prepare(sql: string): Statement;
}

/**
 * Kysely's SQLite driver prepares every query it runs, and preparing (parsing and planning the
 * SQL) cost as much as running the statement. This hands it the statement prepared the last time
 * the same SQL text ran, least recently used dropped past the bound. A statement still being
 * iterated (a streamed select) is busy, so that one query gets a fresh statement instead.
 */
export function withStatementCache(
  sqlite: SqliteHandle, maxStatements = MAX_STATEMENTS, onClose?: () => void,
): CachedSqlite {
  const statements = new Map<string, Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
      onClose?.();
    },
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        // Map order is insertion order: moving the entry to the end makes the first one the least recently used.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        statements.set(sql, statement);
        if (statements.size > maxStatements) statements.delete(statements.keys().next().value!);
      }
      return statement;
    },
  };
}
