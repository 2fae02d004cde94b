import type { Database } from '../db/database.ts';
import type { StorageHealth } from '../db/storage-health.ts';
import { createLogsRepository } from '../db/repositories/logs.ts';
import { createConversationsRepository } from '../db/repositories/conversations.ts';
import { createVotesRepository } from '../db/repositories/votes.ts';
import { createBatchItemsRepository } from '../db/repositories/batch-items.ts';
import { createBatchJobsRepository } from '../db/repositories/batch-jobs.ts';
import { createRunReviewService } from './batch/run-review.ts';
import { createBlindService } from './blind.ts';
import { createUsageRepository } from '../db/repositories/usage.ts';
import type { Env } from '../config/env.ts';
import type { Secrets } from '../lib/secrets.ts';
import type { FastifyBaseLogger } from 'fastify';
import { createComparisonService, type ComparisonCore, type ComparisonService } from './comparison.ts';
import { createConversationService } from './conversations.ts';
import { createHistoryServices } from './history-services.ts';
import { createMyDataService } from './my-data.ts';
import { createSubscriptionServices, type BatchTuning } from './subscription/subscription-services.ts';
import { withStoredKeys } from './subscription/stored-key-comparison.ts';
import type { UpstreamRoutes } from './upstream-routes.ts';
import type { SqliteExecutor } from '../db/sqlite-executor.ts';
import type { ModelCatalog } from '../upstreams/model-catalog.ts';
import type { ServiceRegistry } from './service-registry.ts';
import type { OfferedModels } from './offered-models.ts';
import { createStartQueue } from '../lib/start-queue.ts';

/** What the model pickers and the free-prompt offer read from (upstreams/model-catalog.ts). */
export type ModelLists = ModelCatalog;

export interface ServiceDeps {
  env: Env;
  db: Database;
  /** On SQLite, what runs the statements every comparison makes (db/sqlite-executor.ts). */
  sqlite?: SqliteExecutor | undefined;
  secrets: Secrets;
  routes: UpstreamRoutes;
  models: ModelLists;
  /** Every service a side can use (services/service-registry.ts). */
  serviceRegistry: ServiceRegistry;
  /** Models each service offers on the operator's key: the pickers and the free-prompt check read this. */
  offeredModels: OfferedModels;
  demoMode: boolean;
  log: FastifyBaseLogger;
  /** Database outages: logged once each, and writes held back until it answers again. */
  storage: StorageHealth;
  batch?: BatchTuning;
  /**
   * The API's edges over the comparison service (routes/comparison/comparison-edges.ts): each body
   * planned into a PlannedPair and answered under its own names. Blind mode and saved keys call them.
   */
  comparisonEdges(core: ComparisonCore, deps: { routes: UpstreamRoutes; models: ModelLists }): ComparisonService;
}

/** Builds every service once; routes receive this object and nothing else. */
export function createServices(deps: ServiceDeps) {
  const usage = createUsageRepository(deps.db, { perVisitor: deps.env.freePrompts, perIp: deps.env.freePromptsPerIp }, deps.sqlite);
  const logs = createLogsRepository(deps.db, deps.sqlite);
  const subscribers = createSubscriptionServices(deps);
  const votes = createVotesRepository(deps.db);
  const core = createComparisonService({ usage, logs, log: deps.log, storage: deps.storage });
  const comparison = withStoredKeys(deps.comparisonEdges(core, { routes: deps.routes, models: deps.models }), subscribers.subscriptions);
  const serviceNames = (id: string) => deps.serviceRegistry.get(id)?.name ?? id;
  return {
    // One start queue per process for every route that starts a comparison (JSON, streamed, blind).
    waitForStart: createStartQueue(),
    env: deps.env,
    db: deps.db,
    storage: deps.storage,
    secrets: deps.secrets,
    demoMode: deps.demoMode,
    freePrompts: deps.env.freePrompts,
    models: deps.models,
    serviceRegistry: deps.serviceRegistry,
    offeredModels: deps.offeredModels,
    usage,
    logs,
    comparison,
    conversations: createConversationService(createConversationsRepository(deps.db), deps.env.conversationLimits),
    blind: createBlindService({ comparison, logs, votes, serviceNames }),
    runReview: createRunReviewService({ jobs: createBatchJobsRepository(deps.db), items: createBatchItemsRepository(deps.db), votes, serviceNames }),
    ...subscribers,
    myData: createMyDataService({ db: deps.db, subscriptions: subscribers.subscriptions, batchRunner: subscribers.batchRunner }),
    ...createHistoryServices(deps),
  };
}
export type Services = ReturnType<typeof createServices>;
