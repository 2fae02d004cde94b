/**
 * Failures that say the database cannot be used right now, not that a request was wrong or our
 * code is: a PostgreSQL connection that was cut (pg_terminate_backend, a restart, a failover) or
 * refused, or a SQLite file another process holds locked past the busy timeout. The request is
 * answered 503 `storage_unavailable` with Retry-After; the pool opens fresh connections for the
 * next ones, so the server recovers on its own (docs/decisions.md, "Storage outages").
 */
const POSTGRES_CODES = new Set([
  '57P01', // admin_shutdown: the backend was terminated
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);
/** Errors of the connection itself: Node's socket errors and node-postgres's own wording. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const PG_CONNECTION_MESSAGES = [/^Connection terminated/, /not queryable/, /^Client was closed/, /timeout exceeded when trying to connect/, /^Query read timeout$/];

export function isStorageUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (POSTGRES_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true; // class 08: connection exception
    if (CONNECTION_CODES.has(code)) return true;
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return true;
  }
  return PG_CONNECTION_MESSAGES.some((pattern) => pattern.test(error.message));
}
