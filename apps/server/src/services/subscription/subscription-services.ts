import type { FastifyBaseLogger } from 'fastify';
import type { StorageHealth } from '../../db/storage-health.ts';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/database.ts';
import { createBatchItemsRepository } from '../../db/repositories/batch-items.ts';
import { createBatchJobsRepository } from '../../db/repositories/batch-jobs.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { createBatchRunner } from '../batch/batch-runner.ts';
import { createBatchService } from '../batch/batch-service.ts';
import { createRunAdmission } from '../batch/run-admission.ts';
import { createJobLocks } from '../batch/job-locks.ts';
import type { ModelCatalog } from '../../upstreams/model-catalog.ts';
import type { UpstreamRoutes } from '../upstream-routes.ts';
import type { ServiceRegistry } from '../service-registry.ts';
import { createKeyChecker } from './key-check.ts';
import { createSubscriptionService } from './subscription-service.ts';

/** How prompt-list runs reach the upstreams, set by compose.ts. */
export interface BatchTuning {
  /** Routes whose adapters do not retry on their own: the runner owns 429 handling (slows the run down). */
  routes?: UpstreamRoutes;
}

/** Subscriptions and prompt-list runs, built once and spread into Services. */
export function createSubscriptionServices(deps: {
  env: Env;
  db: Database;
  secrets: Secrets;
  routes: UpstreamRoutes;
  models: Pick<ModelCatalog, 'offer'>;
  /** Every service a run's side can use (service-registry.ts). */
  serviceRegistry?: Pick<ServiceRegistry, 'get' | 'list'>;
  log: FastifyBaseLogger;
  storage?: Pick<StorageHealth, 'fault'>;
  batch?: BatchTuning;
}) {
  const keyCheck = createKeyChecker({ routes: deps.routes, timeoutMs: deps.env.upstreamTimeoutMs, log: deps.log });
  const subscriptions = createSubscriptionService({ db: deps.db, secrets: deps.secrets, paymentUrl: deps.env.paymentUrl, log: deps.log, keyCheck, services: deps.serviceRegistry });
  const jobs = createBatchJobsRepository(deps.db);
  const items = createBatchItemsRepository(deps.db);
  const batchRunner = createBatchRunner({
    jobs,
    items,
    routes: deps.batch?.routes ?? deps.routes,
    models: deps.models,
    keysFor: subscriptions.keysFor,
    services: deps.serviceRegistry,
    log: deps.log,
    storage: deps.storage,
    locks: (owner) => createJobLocks({ databaseUrl: deps.env.databaseUrl, jobs, owner, log: deps.log }),
  });
  return {
    subscriptions,
    batchRunner,
    batch: createBatchService({
      jobs,
      items,
      runner: batchRunner,
      subscriptions,
      concurrency: deps.env.batchConcurrency,
      serviceNames: (id) => deps.serviceRegistry?.get(id)?.name ?? id,
      admission: createRunAdmission({ jobs, items, limits: deps.env.runLimits, perIp: deps.env.rateLimits === 'on' }),
    }),
    isSubscribed: (visitorId: string) => subscriptions.isSubscribed(visitorId),
  };
}
