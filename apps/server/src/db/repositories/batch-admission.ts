import { PostgresAdapter, sql } from 'kysely';
import type { Database } from '../database.ts';

/** The limits a new run must fit (RunLimits of config/env.ts); 0, or a null address, counts nothing. */
export interface RunAdmission {
  clientIp: string | null;
  runsPerIp: number;
  runsTotal: number;
  queuedPromptsPerIp: number;
}

export type AdmissionRefusal = { limit: 'runsPerIp' } | { limit: 'runsTotal' } | { limit: 'queuedPromptsPerIp'; waiting: number };

/** Thrown inside the upload's transaction, so a refused run leaves no row behind. */
export class RunRefused extends Error {
  constructor(readonly refusal: AdmissionRefusal) {
    super(`prompt-list run refused: ${refusal.limit}`);
    this.name = 'RunRefused';
  }
}

/** Two int4 keys: a space of their own, apart from the one-bigint job locks (services/batch/advisory-locks.ts). */
const UPLOAD_LOCK = [0x50_50_52_55, 1] as const;

/**
 * Makes uploads take their turn, so two that start together cannot both pass a count. PostgreSQL:
 * a transaction-level advisory lock, released by the commit. SQLite needs nothing here: the job row
 * is inserted before anything is counted, and that first write holds the file's write lock.
 */
export async function takeUploadTurn(trx: Database): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`SELECT pg_advisory_xact_lock(${UPLOAD_LOCK[0]}, ${UPLOAD_LOCK[1]})`.execute(trx);
}

const count = async (query: Promise<{ n: number | string | bigint } | undefined>) => Number((await query)?.n ?? 0);

/** Checks the limits with the new run's row inserted (its prompts not yet): null when it fits. */
export async function refusalFor(trx: Database, admission: RunAdmission, promptCount: number): Promise<AdmissionRefusal | null> {
  const running = () => trx.selectFrom('batch_jobs').where('status', '=', 'running');
  const { clientIp } = admission;
  if (clientIp !== null && admission.runsPerIp > 0) {
    const here = await count(running().select((eb) => eb.fn.countAll<number>().as('n')).where('client_ip', '=', clientIp).executeTakeFirst());
    if (here > admission.runsPerIp) return { limit: 'runsPerIp' };
  }
  if (admission.runsTotal > 0) {
    const everywhere = await count(running().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst());
    if (everywhere > admission.runsTotal) return { limit: 'runsTotal' };
  }
  if (clientIp !== null && admission.queuedPromptsPerIp > 0) {
    const waiting = await count(
      trx
        .selectFrom('batch_items')
        .innerJoin('batch_jobs', 'batch_jobs.id', 'batch_items.job_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('batch_jobs.status', '=', 'running')
        .where('batch_jobs.client_ip', '=', clientIp)
        .where('batch_items.status', '=', 'pending')
        .executeTakeFirst(),
    );
    if (waiting + promptCount > admission.queuedPromptsPerIp) return { limit: 'queuedPromptsPerIp', waiting };
  }
  return null;
}
