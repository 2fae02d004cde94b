/**
 * Failures that say the database cannot be used right now, not that a request was wrong or our
 * code is: a PostgreSQL connection that was cut (pg_terminate_backend, a restart, a failover),
 * refused, or timed out; a PostgreSQL that does not accept connections or has none left; a SQLite
 * file locked by another process past the busy timeout, on a full disk, read-only or failing to
 * write. The request is answered 503 `storage_unavailable` with Retry-After; the pool opens fresh
 * connections for the next ones, so the server recovers on its own (docs/decisions.md, "Storage outages").
 */
const POSTGRES_CODES = new Set([
  '25006', // read_only_sql_transaction: a standby, e.g. right after a failover
  '53100', // disk_full
  '55000', // object_not_in_prerequisite_state: "database … is not currently accepting connections"
  '57014', // query_canceled: the statement outran DATABASE_QUERY_TIMEOUT_MS (statement_timeout)
  '57P01', // admin_shutdown: the backend was terminated
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);
/** Errors of the connection itself: Node's socket errors and node-postgres's own wording. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const PG_CONNECTION_MESSAGES = [/^Connection terminated/, /not queryable/, /^Client was closed/, /timeout exceeded when trying to connect/, /^Query read timeout$/];
/** SQLite's primary codes (better-sqlite3 reports the extended one, e.g. SQLITE_IOERR_WRITE). */
const SQLITE_CODES = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|READONLY|CANTOPEN)(_|$)/;

export function isStorageUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (POSTGRES_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true; // class 08: connection exception
    if (CONNECTION_CODES.has(code)) return true;
    if (SQLITE_CODES.test(code)) return true;
  }
  return PG_CONNECTION_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** What a log line says of a storage fault: its code and the database's words, no stack. */
export function describeStorageFault(error: unknown): { code: string | undefined; cause: string } {
  if (!(error instanceof Error)) return { code: undefined, cause: String(error) };
  const code = (error as { code?: unknown }).code;
  return { code: typeof code === 'string' ? code : undefined, cause: error.message };
}
