import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type * as Pg from 'pg';
import { DEFAULT_POSTGRES_TIMEOUTS, type PostgresTimeouts } from '../config/postgres-timeouts.ts';
import { loadPg } from './pg.ts';

/**
 * The client's own wait for an answer: the server's statement_timeout and a margin, so the server's
 * cancel (57014) normally comes first and this one only ends a wait on a network that went silent.
 */
const READ_MARGIN_MS = 1_000;

const isReadTimeout = (error: unknown) => error instanceof Error && error.message === 'Query read timeout';

/**
 * A pool whose every wait is bounded, so an unreachable database answers 503 within seconds instead
 * of holding each request (docs/decisions.md, "Storage outages"). The timeouts are set with SET on
 * each new connection rather than as startup parameters, which a pooler in session mode may refuse.
 */
export function createPostgresPool(connectionString: string, timeouts: PostgresTimeouts = DEFAULT_POSTGRES_TIMEOUTS): PostgresPool {
  const pool = new (loadPg().Pool)({
    connectionString,
    max: 10,
    connectionTimeoutMillis: timeouts.connectMs,
    idleTimeoutMillis: timeouts.idleMs,
    ...(timeouts.queryMs > 0 ? { query_timeout: timeouts.queryMs + READ_MARGIN_MS } : {}),
    // Without keepalives a connection to a host that vanished looks alive for hours.
    keepAlive: true,
  });
  // A connection that PostgreSQL ends (a restart, pg_terminate_backend) reports an 'error' event,
  // on the pool while idle and on the client while checked out between queries; unheard, either
  // would end the process. The query that needed it fails (503, plugins/errors.ts) and the pool
  // drops the broken client and opens a new one when next needed.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    // Queued before any query of the caller's, so it runs first on the new connection.
    if (timeouts.queryMs > 0) {
      void client.query(`SET statement_timeout = ${timeouts.queryMs}; SET idle_in_transaction_session_timeout = ${timeouts.idleMs}`).catch(() => undefined);
    }
  });
  return {
    connect: async () => checkedOut(await pool.connect()),
    end: () => pool.end(),
    // Kysely reads the pool's settings only to cancel an aborted query; none of ours is aborted.
    options: pool.options,
  };
}

/**
 * One checkout as Kysely uses it. A connection whose ROLLBACK failed is in a state nobody knows,
 * and one whose read timed out still has an answer due: neither goes back to the pool. The failed
 * ROLLBACK is not reported either: Kysely would throw it in place of the error that caused the
 * rollback (the one worth reading: a terminated backend, a timeout), so that one is thrown instead.
 */
function checkedOut(client: Pg.PoolClient): PostgresPoolClient {
  let broken: Error | undefined;
  const query = async <R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> => {
    try {
      return (await client.query(sql, [...parameters])) as unknown as PostgresQueryResult<R>;
    } catch (error) {
      if (sql === 'rollback') {
        broken = error as Error;
        return { command: 'ROLLBACK', rowCount: 0, rows: [] } as unknown as PostgresQueryResult<R>;
      }
      if (isReadTimeout(error)) broken = error as Error;
      throw error;
    }
  };
  return { query, release: () => client.release(broken) } as PostgresPoolClient;
}
