import { randomUUID } from 'node:crypto';
import { BATCH_MESSAGES } from '@promptpair/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { BatchItemsRepository } from '../../db/repositories/batch-items.ts';
import type { BatchJobsRepository } from '../../db/repositories/batch-jobs.ts';
import type { UpstreamRoutes } from '../upstream-routes.ts';
import { runJob, type RunSettings } from './job-run.ts';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './side-call.ts';

export interface BatchRunnerDeps {
  jobs: BatchJobsRepository;
  items: BatchItemsRepository;
  routes: UpstreamRoutes;
  /** The subscriber's keys in clear, or null when they are gone. */
  keysFor(visitorId: string): Promise<{ chatGPT: string; bard: string } | null>;
  log: FastifyBaseLogger;
  /** How long a job stays with a process that stops renewing it (crashed); renewed every third of it. */
  leaseMs?: number;
  policy?: RetryPolicy;
}

export const DEFAULT_LEASE_MS = 15_000;

/**
 * The background worker of prompt-list runs. Jobs live in the database; a process works a job
 * while it holds the job's lease. At start, and every lease period, it takes running jobs nobody
 * holds (new ones, or those of a process that died), so unfinished work resumes after a restart.
 */
export function createBatchRunner(deps: BatchRunnerDeps) {
  const owner = randomUUID();
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  const policy = deps.policy ?? DEFAULT_RETRY_POLICY;
  const active = new Map<string, { controller: AbortController; done: Promise<void> }>();
  const claiming = new Map<string, Promise<void>>();
  let scanTimer: NodeJS.Timeout | undefined;
  let started = false;

  async function work(jobId: string, controller: AbortController): Promise<void> {
    const renew = setInterval(() => {
      deps.jobs.renew(jobId, owner, leaseMs).then(
        (kept) => kept || controller.abort(new Error('lease lost or job ended')),
        (error: unknown) => deps.log.warn({ err: error, jobId }, 'batch: lease renewal failed'),
      );
    }, leaseMs / 3);
    try {
      const job = await deps.jobs.find(jobId);
      if (!job || job.status !== 'running') return;
      const keys = await deps.keysFor(job.visitor_id);
      if (!keys) {
        await deps.jobs.finish(jobId, 'failed', BATCH_MESSAGES.keysGone);
        return;
      }
      const settings = JSON.parse(job.settings) as RunSettings;
      const runnable = { id: job.id, visitorId: job.visitor_id, concurrency: job.concurrency, settings, keys };
      const outcome = await runJob(runnable, { items: deps.items, routes: deps.routes, policy, log: deps.log }, controller.signal);
      if (outcome === 'finished' && (await deps.items.counts(jobId)).pending === 0) await deps.jobs.finish(jobId, 'completed');
    } catch (error) {
      deps.log.error({ err: error, jobId }, 'batch: job run failed');
    } finally {
      clearInterval(renew);
      // Unfinished (stopped, or some results could not be written): free it for the next scan or process.
      await deps.jobs.release(jobId, owner).catch((error: unknown) => deps.log.warn({ err: error, jobId }, 'batch: lease release failed'));
    }
  }

  async function claim(jobId: string): Promise<void> {
    const counts = await deps.items.counts(jobId);
    if (!(await deps.jobs.claim(jobId, owner, leaseMs, counts.done + counts.failed))) return;
    if (!started) return deps.jobs.release(jobId, owner);
    const controller = new AbortController();
    const done = work(jobId, controller).finally(() => active.delete(jobId));
    active.set(jobId, { controller, done });
  }

  /** Claims and starts a job unless this process already works it; stop() waits for claims in progress. */
  function adopt(jobId: string): Promise<void> {
    if (!started || active.has(jobId)) return Promise.resolve();
    const pending = claiming.get(jobId) ?? claim(jobId).finally(() => claiming.delete(jobId));
    claiming.set(jobId, pending);
    return pending;
  }

  async function scan(): Promise<void> {
    try {
      for (const jobId of await deps.jobs.claimable()) await adopt(jobId);
    } catch (error) {
      deps.log.error({ err: error }, 'batch: scanning for jobs failed');
    }
  }

  return {
    /** Resumes unfinished jobs now and watches for orphaned ones from then on. */
    async start(): Promise<void> {
      if (started) return;
      started = true;
      await scan();
      scanTimer = setInterval(() => void scan(), leaseMs);
      scanTimer.unref();
    },

    /** Begins a job just created (without waiting for it to finish). */
    launch(jobId: string): void {
      void adopt(jobId).catch((error: unknown) => deps.log.error({ err: error, jobId }, 'batch: could not start job'));
    },

    /** Stops this process's work on a job that was cancelled; calls in flight are aborted. */
    abort(jobId: string): void {
      active.get(jobId)?.controller.abort(new Error('job cancelled'));
    },

    /** Aborts every run and waits until they have recorded what finished and released their leases. */
    async stop(): Promise<void> {
      started = false;
      clearInterval(scanTimer);
      await Promise.allSettled(claiming.values());
      for (const { controller } of active.values()) controller.abort(new Error('server stopping'));
      await Promise.all([...active.values()].map((run) => run.done));
    },

    get activeJobs(): number {
      return active.size;
    },
  };
}
export type BatchRunner = ReturnType<typeof createBatchRunner>;
