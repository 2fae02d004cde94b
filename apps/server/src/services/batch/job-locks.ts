import type { FastifyBaseLogger } from 'fastify';
import type { BatchJobsRepository } from '../../db/repositories/batch-jobs.ts';
import { createAdvisoryLocks } from './advisory-locks.ts';

/**
 * Which process works a prompt-list job (docs/decisions.md, "Prompt-list runs: the job lock").
 * A job is worked while its lock is held; a holder that dies loses it within seconds, so another
 * instance takes the run over quickly.
 */
export interface JobLocks {
  /** Takes the job unless a live holder has it; true when this process holds it now. */
  acquire(jobId: string): Promise<boolean>;
  /** Asked every HEARTBEAT_MS while working: false once the lock is lost or the job has ended (cancelled). */
  confirm(jobId: string): Promise<boolean>;
  /** Lets another process take the job at once. */
  release(jobId: string): Promise<void>;
  /** After the last release: frees what the locks hold open. */
  close(): Promise<void>;
}

/** How often a worker confirms its lock (and renews the SQLite lease). */
export const HEARTBEAT_MS = 500;
/** A SQLite lease not renewed for this long is free: four missed heartbeats, so a stall of 1.5 s still keeps it. */
export const LEASE_MS = 2000;

/**
 * SQLite (one machine, one clock): a lease row renewed every heartbeat. A killed process stops
 * renewing, and its job is free LEASE_MS later.
 */
export function createLeaseLocks(jobs: BatchJobsRepository, owner: string): JobLocks {
  return {
    acquire: (jobId) => jobs.claim(jobId, owner, LEASE_MS),
    confirm: (jobId) => jobs.renew(jobId, owner, LEASE_MS),
    release: (jobId) => jobs.release(jobId, owner),
    close: () => Promise.resolve(),
  };
}

/** PostgreSQL: advisory locks on a session that dies with the process; SQLite: short leases. */
export function createJobLocks(deps: { databaseUrl: string | undefined; jobs: BatchJobsRepository; owner: string; log: FastifyBaseLogger }): JobLocks {
  return deps.databaseUrl ? createAdvisoryLocks(deps.databaseUrl, deps.log) : createLeaseLocks(deps.jobs, deps.owner);
}
