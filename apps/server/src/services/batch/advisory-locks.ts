import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type * as pg from 'pg';
import { loadPg } from '../../db/pg.ts';
import type { JobLocks } from './job-locks.ts';

/** How the lock sessions show in pg_stat_activity. */
export const LOCK_SESSION_NAME = 'promptpair-job-locks';

/** The 64-bit advisory lock key of a job: its id hashed with our own prefix, so other users of the database do not collide. */
export function advisoryKey(jobId: string): string {
  return createHash('sha256').update(`promptpair:batch-job:${jobId}`).digest().readBigInt64BE(0).toString();
}

/**
 * A session-level advisory lock per worked job, all on one connection per process kept apart
 * from the pool. PostgreSQL drops a session's locks when its connection ends: at once when the
 * process dies (the kernel closes its socket), within about 11 s when its machine vanishes (the
 * keepalive settings below). Needs a direct connection or a session-mode pooler.
 * Any failure on the session ends it, so no lock outlives what this process knows it holds.
 */
export function createAdvisoryLocks(databaseUrl: string, log: FastifyBaseLogger): JobLocks {
  const held = new Set<string>();
  let session: { client: pg.Client; ready: Promise<void> } | undefined;

  function drop(client: pg.Client, error?: unknown): void {
    if (session?.client !== client) return;
    session = undefined;
    if (held.size > 0) log.warn({ err: error, jobs: held.size }, 'batch: the job lock session ended; its jobs are free for any instance');
    held.clear();
    client.end().catch(() => undefined);
  }

  function open(): { client: pg.Client; ready: Promise<void> } {
    const client = new (loadPg().Client)({ connectionString: databaseUrl, keepAlive: true, connectionTimeoutMillis: 10_000, query_timeout: 10_000, application_name: LOCK_SESSION_NAME });
    client.on('error', (error) => drop(client, error));
    client.on('end', () => drop(client));
    const ready = client
      .connect()
      .then(() => client.query('SET tcp_keepalives_idle = 5; SET tcp_keepalives_interval = 2; SET tcp_keepalives_count = 3'))
      .then(() => undefined);
    return { client, ready };
  }

  async function query<Row extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<Row[]> {
    const current = (session ??= open());
    try {
      await current.ready;
      return (await current.client.query<Row>(text, values)).rows;
    } catch (error) {
      drop(current.client, error);
      throw error;
    }
  }

  return {
    async acquire(jobId) {
      if (held.has(jobId)) return true; // locks nest within a session: never take one twice
      const [row] = await query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS ok', [advisoryKey(jobId)]);
      if (row?.ok) held.add(jobId);
      return held.has(jobId);
    },

    async confirm(jobId) {
      if (!held.has(jobId)) return false;
      // On the lock's own session: a dead connection fails here, and a cancelled job shows.
      const [row] = await query<{ status: string }>('SELECT status FROM batch_jobs WHERE id = $1', [jobId]);
      return held.has(jobId) && row?.status === 'running';
    },

    async release(jobId) {
      if (!held.delete(jobId)) return;
      await query('SELECT pg_advisory_unlock($1::bigint)', [advisoryKey(jobId)]);
    },

    async close() {
      const current = session;
      session = undefined;
      held.clear();
      await current?.client.end().catch(() => undefined);
    },
  };
}
