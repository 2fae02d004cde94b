import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { JobLocks } from './job-locks.ts';

/** The 64-bit advisory lock key of a job: its id hashed with our own prefix, so other users of the database do not collide. */
export function advisoryKey(jobId: string): string {
  return createHash('sha256').update(`promptpair:batch-job:${jobId}`).digest().readBigInt64BE(0).toString();
}

/**
 * A session-level advisory lock per worked job, all on one connection per process kept apart
 * from the pool. PostgreSQL drops a session's locks when its connection ends: at once when the
 * process dies (the kernel closes its socket), within about 11 s when its machine vanishes (the
 * keepalive settings below). Needs a direct connection or a session-mode pooler.
 */
export function createAdvisoryLocks(databaseUrl: string, log: FastifyBaseLogger): JobLocks {
  const held = new Set<string>();
  let session: Promise<pg.Client> | undefined;

  function connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: databaseUrl, keepAlive: true, query_timeout: 10_000 });
    const lost = (error?: Error) => {
      if (session === opened) session = undefined;
      if (held.size > 0) log.warn({ err: error, jobs: held.size }, 'batch: the job lock connection ended; its jobs are free for any instance');
      held.clear();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    const opened = client
      .connect()
      .then(() => client.query('SET tcp_keepalives_idle = 5; SET tcp_keepalives_interval = 2; SET tcp_keepalives_count = 3'))
      .then(() => client);
    opened.catch(() => {
      if (session === opened) session = undefined;
    });
    return opened;
  }
  const lockSession = () => (session ??= connect());

  return {
    async acquire(jobId) {
      if (held.has(jobId)) return true; // locks nest within a session: never take one twice
      const client = await lockSession();
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS ok', [advisoryKey(jobId)]);
      if (rows[0]?.ok) held.add(jobId);
      return held.has(jobId);
    },

    async confirm(jobId) {
      if (!held.has(jobId) || !session) return false;
      // On the lock's own connection: a dead connection fails here, and the job's end shows.
      const { rows } = await (await session).query<{ status: string }>('SELECT status FROM batch_jobs WHERE id = $1', [jobId]);
      return held.has(jobId) && rows[0]?.status === 'running';
    },

    async release(jobId) {
      if (!held.delete(jobId) || !session) return;
      await (await session).query('SELECT pg_advisory_unlock($1::bigint)', [advisoryKey(jobId)]);
    },

    async close() {
      const closing = session;
      session = undefined;
      held.clear();
      await (await closing?.catch(() => undefined))?.end();
    },
  };
}
