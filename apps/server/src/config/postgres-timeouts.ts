/** How long PostgreSQL may take (DATABASE_CONNECT_TIMEOUT_MS, DATABASE_QUERY_TIMEOUT_MS, DATABASE_IDLE_TIMEOUT_MS). */
export interface PostgresTimeouts {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: number;
  /** One statement, on the server (statement_timeout); 0 turns the query timeouts off. */
  queryMs: number;
  /** An unused connection is closed after this; a transaction left idle this long is ended by the server. */
  idleMs: number;
}

export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = { connectMs: 3_000, queryMs: 5_000, idleMs: 10_000 };
