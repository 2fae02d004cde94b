import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MODEL_LIKE_PACE, SAMPLE_COMPAT_SERVICES, startFakeUpstream, type FakeUpstream, type FakeUpstreamOptions } from '@promptpair/fake-upstream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp, type LoggerOption } from './app.ts';
import { isDemo, type Env } from './config/env.ts';
import { createDatabase, migrateToLatest, openDatabase, type Database } from './db/database.ts';
import { appKeyProblem, storageProblemAtStart } from './db/start-problems.ts';
import { resolveAppKey } from './lib/app-key.ts';
import { connectRedis } from './lib/redis.ts';
import { resealSavedKeys } from './services/reseal-keys.ts';
import { createSecrets } from './lib/secrets.ts';
import { buildUpstreamRoutes } from './services/build-upstream-routes.ts';
import { withPrices } from './services/priced-adapters.ts';
import { loadPrices, staleCatalogWarning } from './services/prices.ts';
import { todayIso } from './upstreams/model-offer.ts';
import { createAdapters } from './upstreams/index.ts';
import { createModelCatalog } from './upstreams/model-catalog.ts';
import { buildServiceRegistry, configuredServices } from './services/service-registry.ts';
import { createOfferedModels } from './services/offered-models.ts';

/**
 * The demo's simulated services: Markdown answers written at a pace like the real ones, each at its
 * own speed, so a fresh install shows both boxes streaming. Nothing inspects the simulator's
 * requests and it runs as long as the server: it keeps none.
 */
const DEMO_SIMULATOR = {
  latencyMs: 150,
  recordRequests: false,
  answerStyle: 'markdown',
  streamPace: MODEL_LIKE_PACE,
} as const satisfies FakeUpstreamOptions;

export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface Composed {
  app: FastifyInstance;
  db: Database;
  demo: FakeUpstream | null;
  close(): Promise<void>;
}

/**
 * Wires the whole product from validated env: storage and migrations, the secret, upstream
 * routes (the in-process simulator in demo mode), and the app. Used by server.ts and the tests.
 */
export async function compose(
  env: Env,
  options: { webRoot?: string; logger?: LoggerOption; /** Today as YYYY-MM-DD (tests move the clock for shutdown dates and catalog age). */ today?: () => string } = {},
): Promise<Composed> {
  // Read before anything starts: a bad PRICES_FILE stops the start with its problems named.
  const prices = loadPrices(env.pricesFile);
  const pricedAdapters = withPrices(createAdapters, prices);
  const dataDir = resolve(env.dataDir);
  const { db, sqlite } = openDatabase({ databaseUrl: env.databaseUrl, dataDir, postgres: env.databaseTimeouts });
  // A migration may rightly run longer than any request's statement (an index over a large table):
  // on PostgreSQL it runs on connections of its own, without the statement timeout.
  const migrating = env.databaseUrl ? createDatabase({ databaseUrl: env.databaseUrl, dataDir, postgres: { ...env.databaseTimeouts, queryMs: 0 } }) : db;
  try {
    await migrateToLatest(migrating);
  } catch (error) {
    await db.destroy();
    throw storageProblemAtStart(env, dataDir, error);
  } finally {
    if (migrating !== db) await migrating.destroy();
  }
  const secrets = createSecrets(await resolveAppKey(env.appKey, dataDir).catch((error: unknown) => {
    throw appKeyProblem(dataDir, error);
  }), env.appKeyPrevious);
  const resealed = env.appKeyPrevious ? await resealSavedKeys(db, secrets) : 0;

  const demoMode = isDemo(env);
  const demo = demoMode ? await startFakeUpstream(DEMO_SIMULATOR) : null;
  const timing = { timeoutMs: env.upstreamTimeoutMs, maxRetries: 2, maxRetryDelayMs: 10_000, maxResponseBytes: env.upstreamMaxResponseBytes };
  const { routes, operatorAdapters, operatorKeys } = buildUpstreamRoutes(env, timing, pricedAdapters, demo ?? undefined);
  const late: { log?: FastifyBaseLogger } = {};
  // Without this the dropdowns fall back to the built-in lists in silence, and a wrong operator key
  // or address goes unnoticed. The app's logger exists only below; lists are fetched once it serves.
  const models = createModelCatalog(operatorAdapters, operatorKeys, undefined, {
    onError: (service, error) => late.log?.warn({ service, err: error }, 'model list unavailable; the dropdown shows the built-in list'),
    operator: { chatgpt: env.models.openai, palm: env.models.google },
    ...(options.today ? { today: options.today } : {}),
  });
  const serviceRegistry = buildServiceRegistry(configuredServices(env, demo ? { compat: SAMPLE_COMPAT_SERVICES } : undefined), timing, prices, demo ?? undefined);
  const offeredModels = createOfferedModels(serviceRegistry, models, {
    onError: (service, error) => late.log?.warn({ service, err: error }, 'model list unavailable; the picker shows the built-in list'),
  });
  // Prompt-list runs retry on their own terms (429 slows the whole run down), so their adapters do not retry.
  const batchRoutes = buildUpstreamRoutes(env, { ...timing, maxRetries: 0 }, pricedAdapters, demo ?? undefined).routes;

  const redis = env.redisUrl ? await connectRedis(env.redisUrl, late) : undefined;

  const app = await buildApp({ env, db, sqlite, secrets, routes, models, serviceRegistry, offeredModels, demoMode, batch: { routes: batchRoutes }, redis, webRoot: options.webRoot, logger: options.logger ?? { level: env.logLevel } });
  late.log = app.log;
  const staleCatalog = staleCatalogWarning((options.today ?? todayIso)());
  if (staleCatalog) app.log.warn(staleCatalog);
  if (env.appKeyPrevious) app.log.info(`APP_KEY_PREVIOUS is set: ${resealed} subscriptions' saved keys were sealed again under APP_KEY; cookies signed with the previous key are renewed as visitors return.`);
  if (redis && redis.status !== 'ready') app.log.warn('Redis cannot be reached yet; rate limits are not counted until it answers');
  if (demo) app.log.warn(`Demo mode: no API keys or upstream addresses are configured, so answers come from the built-in simulator at ${demo.url}.`);
  return {
    app,
    db,
    demo,
    async close() {
      await app.close();
      await db.destroy();
      await demo?.close();
      redis?.disconnect();
    },
  };
}
