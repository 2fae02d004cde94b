import { randomUUID } from 'node:crypto';
import { BATCH_MESSAGES } from '@promptpair/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { BatchItemsRepository } from '../../db/repositories/batch-items.ts';
import type { BatchJobsRepository } from '../../db/repositories/batch-jobs.ts';
import { isStorageUnavailable } from '../../db/storage-errors.ts';
import type { StorageHealth } from '../../db/storage-health.ts';
import type { BatchJobRow } from '../../db/repositories/batch-jobs.ts';
import { isSpecSides, sidesOf, type LogSide } from '../../db/repositories/side-columns.ts';
import type { ServiceRegistry } from '../service-registry.ts';
import { savedKeyFor } from '../subscription/stored-key-comparison.ts';
import type { SubscriptionKeys } from '../subscription/subscription-service.ts';
import { planSide, type UpstreamRoutes } from '../upstream-routes.ts';
import { createLeaseLocks, HEARTBEAT_MS, type JobLocks } from './job-locks.ts';
import { runJob, type JobRunDeps, type RunnableJob, type RunSettings } from './job-run.ts';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './side-call.ts';

export interface BatchRunnerDeps {
  jobs: BatchJobsRepository;
  items: BatchItemsRepository;
  routes: UpstreamRoutes;
  /** The services' offers, for the model a side naming none is sent (job-run.ts). */
  models: JobRunDeps['models'];
  /** The subscriber's keys in clear, or null when they are gone. */
  keysFor(visitorId: string): Promise<SubscriptionKeys | null>;
  log: FastifyBaseLogger;
  /** Database outages are logged there, once each, not once per scan (db/storage-health.ts). */
  storage?: Pick<StorageHealth, 'fault'>;
  /** Which process works a job (job-locks.ts); SQLite leases unless given. */
  locks?: (owner: string) => JobLocks;
  policy?: RetryPolicy;
  /** Every service a side can use: a run on a pair other than the spec's calls its sides through them. */
  services?: Pick<ServiceRegistry, 'get'>;
}

/**
 * A run on a pair other than the spec's, as the worker calls it: each side on its service's route
 * with the subscriber's saved key for it (a side without one is not called and says so), sent the
 * settings checked at upload. Undefined for the spec's pair.
 */
export function runPair(row: BatchJobRow, keys: SubscriptionKeys, services: Pick<ServiceRegistry, 'get'> | undefined): RunnableJob['pair'] {
  if (isSpecSides(row)) return undefined;
  const stored = JSON.parse(row.settings) as { a?: Record<string, unknown>; b?: Record<string, unknown> };
  const sides = sidesOf(row);
  const side = (log: LogSide, settings: Record<string, unknown> | undefined) => {
    const service = services?.get(log.service);
    const key = savedKeyFor(log.service, keys);
    return { name: service?.name ?? log.service, plan: service && key ? planSide(service.route, key) : null, settings: settings ?? {}, log };
  };
  return { a: side(sides.a, stored.a), b: side(sides.b, stored.b) };
}

/** How often each process looks for running jobs nobody works (new ones, or those of a process that died). */
export const SCAN_MS = 1000;

/**
 * The background worker of prompt-list runs. Jobs live in the database; a process works a job
 * while it holds the job's lock. At start, and every SCAN_MS, it takes running jobs nobody
 * holds, so unfinished work resumes after a restart and a dead instance's runs move on quickly.
 */
export function createBatchRunner(deps: BatchRunnerDeps) {
  const owner = randomUUID();
  const locks = (deps.locks ?? ((id) => createLeaseLocks(deps.jobs, id)))(owner);
  const policy = deps.policy ?? DEFAULT_RETRY_POLICY;
  const active = new Map<string, { controller: AbortController; done: Promise<void> }>();
  const claiming = new Map<string, Promise<void>>();
  let scanTimer: NodeJS.Timeout | undefined;
  let started = false;

  /** Confirms the lock every heartbeat until the run ends; stops the run once the lock is gone or the job was cancelled. */
  function keepLock(jobId: string, controller: AbortController): () => void {
    let timer: NodeJS.Timeout | undefined;
    const beat = () => {
      timer = setTimeout(() => {
        locks.confirm(jobId).then(
          (kept) => {
            if (!kept) controller.abort(new Error('lock lost or job ended'));
            else if (!controller.signal.aborted) beat();
          },
          (error: unknown) => {
            deps.log.warn({ err: error, jobId }, 'batch: could not confirm the job lock; stopping this run');
            controller.abort(new Error('lock unconfirmed'));
          },
        );
      }, HEARTBEAT_MS);
    };
    beat();
    return () => clearTimeout(timer);
  }

  async function work(jobId: string, controller: AbortController): Promise<void> {
    const stopHeartbeat = keepLock(jobId, controller);
    try {
      const job = await deps.jobs.find(jobId);
      if (!job || job.status !== 'running') return;
      const keys = await deps.keysFor(job.visitor_id);
      if (!keys) {
        await deps.jobs.finish(jobId, 'failed', BATCH_MESSAGES.keysGone);
        return;
      }
      const settings = JSON.parse(job.settings) as RunSettings;
      const pair = runPair(job, keys, deps.services);
      const runnable = { id: job.id, visitorId: job.visitor_id, concurrency: job.concurrency, settings, keys, ...(pair ? { pair } : {}) };
      const outcome = await runJob(runnable, { items: deps.items, routes: deps.routes, models: deps.models, policy, log: deps.log }, controller.signal);
      if (outcome === 'finished' && (await deps.items.counts(jobId)).pending === 0) await deps.jobs.finish(jobId, 'completed');
    } catch (error) {
      deps.log.error({ err: error, jobId }, 'batch: job run failed');
    } finally {
      stopHeartbeat();
      // Unfinished (stopped, or some results could not be written): free it for the next scan or process.
      await locks.release(jobId).catch((error: unknown) => deps.log.warn({ err: error, jobId }, 'batch: job lock release failed'));
    }
  }

  async function claim(jobId: string): Promise<void> {
    if (!(await locks.acquire(jobId))) return;
    if (!started) return locks.release(jobId);
    try {
      const counts = await deps.items.counts(jobId);
      await deps.jobs.markRunStart(jobId, counts.done + counts.failed);
    } catch (error) {
      await locks.release(jobId).catch(() => undefined);
      throw error;
    }
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
      if (deps.storage && isStorageUnavailable(error)) deps.storage.fault(error);
      else deps.log.error({ err: error }, 'batch: scanning for jobs failed');
    }
  }

  return {
    /** Resumes unfinished jobs now and watches for orphaned ones from then on. */
    async start(): Promise<void> {
      if (started) return;
      started = true;
      await scan();
      scanTimer = setInterval(() => void scan(), SCAN_MS);
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

    /** Aborts every run and waits until they have recorded what finished and released their locks. */
    async stop(): Promise<void> {
      started = false;
      clearInterval(scanTimer);
      await Promise.allSettled(claiming.values());
      for (const { controller } of active.values()) controller.abort(new Error('server stopping'));
      await Promise.all([...active.values()].map((run) => run.done));
      await locks.close();
    },

    get activeJobs(): number {
      return active.size;
    },
  };
}
export type BatchRunner = ReturnType<typeof createBatchRunner>;
