import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Database } from '../database.ts';
import type { BatchJobsTable } from '../schema.ts';
import { refusalFor, RunRefused, takeUploadTurn, type RunAdmission } from './batch-admission.ts';
import { sideColumns, type LogSides } from './side-columns.ts';

export type BatchJobRow = Selectable<BatchJobsTable>;

export interface NewBatchJob {
  visitorId: string;
  filename: string;
  /** The page's settings without keys, as JSON. */
  settings: string;
  concurrency: number;
  prompts: readonly string[];
  /** The limits the run must fit, and the address it came from; none: no limits. */
  admission?: RunAdmission;
  /** Each side's service, kind and model for a run on a pair other than the spec's (migration 012). */
  sides?: LogSides;
}

/** Rows per INSERT: 500 × 5 values stays far below SQLite's and PostgreSQL's parameter limits. */
const INSERT_CHUNK = 500;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Jobs of prompt-list runs (migration 004) and, on SQLite, the lease that says which process works one.
 * ISO timestamps of one format compare correctly as text, on SQLite and PostgreSQL alike.
 */
export function createBatchJobsRepository(db: Database) {
  return {
    /**
     * The job and every item in one transaction, so a run is either wholly there or not at all.
     * Throws RunRefused, with nothing written, when the run does not fit its admission limits.
     */
    async create(job: NewBatchJob): Promise<string> {
      const id = randomUUID();
      await db.transaction().execute(async (trx) => {
        await takeUploadTurn(trx);
        await trx
          .insertInto('batch_jobs')
          .values({
            id,
            visitor_id: job.visitorId,
            filename: job.filename,
            status: 'running',
            total: job.prompts.length,
            settings: job.settings,
            concurrency: job.concurrency,
            error: null,
            created_at: new Date().toISOString(),
            finished_at: null,
            run_started_at: null,
            lease_owner: null,
            lease_until: null,
            client_ip: job.admission?.clientIp ?? null,
            ...(job.sides ? sideColumns(job.sides) : {}),
          })
          .execute();
        const refusal = job.admission ? await refusalFor(trx, job.admission, job.prompts.length) : null;
        if (refusal) throw new RunRefused(refusal);
        for (let start = 0; start < job.prompts.length; start += INSERT_CHUNK) {
          const rows = job.prompts.slice(start, start + INSERT_CHUNK).map((prompt, offset) => ({
            job_id: id,
            idx: start + offset,
            prompt,
            log_id: randomUUID(),
            finished_at: null,
          }));
          await trx.insertInto('batch_items').values(rows).execute();
        }
      });
      return id;
    },

    find(id: string) {
      return db.selectFrom('batch_jobs').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findOwned(id: string, visitorId: string) {
      return db.selectFrom('batch_jobs').selectAll().where('id', '=', id).where('visitor_id', '=', visitorId).executeTakeFirst();
    },

    latest(visitorId: string) {
      return db.selectFrom('batch_jobs').selectAll().where('visitor_id', '=', visitorId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
    },

    /** Running jobs, of one address or of all: what a refused upload's Retry-After is worked out from. */
    running(clientIp?: string) {
      let query = db.selectFrom('batch_jobs').selectAll().where('status', '=', 'running');
      if (clientIp !== undefined) query = query.where('client_ip', '=', clientIp);
      return query.execute();
    },

    async hasRunning(visitorId: string): Promise<boolean> {
      const row = await db.selectFrom('batch_jobs').select('id').where('visitor_id', '=', visitorId).where('status', '=', 'running').executeTakeFirst();
      return row !== undefined;
    },

    /** Ends a running job; false when it had already ended. */
    async finish(id: string, status: 'completed' | 'cancelled' | 'failed', error: string | null = null): Promise<boolean> {
      const result = await db
        .updateTable('batch_jobs')
        .set({ status, error, finished_at: new Date().toISOString(), lease_owner: null, lease_until: null })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Running jobs nobody holds a live lease on (on PostgreSQL, where no lease is written: every running job). */
    async claimable(now = Date.now()): Promise<string[]> {
      const rows = await db
        .selectFrom('batch_jobs')
        .select('id')
        .where('status', '=', 'running')
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', iso(now))]))
        .orderBy('created_at')
        .execute();
      return rows.map((row) => row.id);
    },

    /** Takes the job's lease for `owner` if no live lease holds it (the SQLite job lock, services/batch/job-locks.ts). */
    async claim(id: string, owner: string, leaseMs: number, now = Date.now()): Promise<boolean> {
      const result = await db
        .updateTable('batch_jobs')
        .set({ lease_owner: owner, lease_until: iso(now + leaseMs) })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', iso(now)), eb('lease_owner', '=', owner)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Notes where this process's run of the job starts, for the ETA (describe-job.ts). */
    async markRunStart(id: string, finishedSoFar: number, now = Date.now()): Promise<void> {
      await db.updateTable('batch_jobs').set({ run_started_at: iso(now), run_start_finished: finishedSoFar }).where('id', '=', id).execute();
    },

    /** Extends the lease; false when the job ended (cancelled) or another process holds it now. */
    async renew(id: string, owner: string, leaseMs: number, now = Date.now()): Promise<boolean> {
      const result = await db
        .updateTable('batch_jobs')
        .set({ lease_until: iso(now + leaseMs) })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Lets another process (or this one after a restart) take the job at once. */
    async release(id: string, owner: string): Promise<void> {
      await db.updateTable('batch_jobs').set({ lease_owner: null, lease_until: null }).where('id', '=', id).where('lease_owner', '=', owner).execute();
    },
  };
}
export type BatchJobsRepository = ReturnType<typeof createBatchJobsRepository>;
