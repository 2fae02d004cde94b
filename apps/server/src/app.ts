import cookie from '@fastify/cookie';
import { INPUT_LIMITS, UPLOAD_WINDOW_MS } from '@promptpair/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyTrustProxy } from './config/trust-proxy.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { answerClientError, answerFrameworkError, errorsPlugin } from './plugins/errors.ts';
import { createIndexPage } from './plugins/index-page.ts';
import { lifecyclePlugin } from './plugins/lifecycle.ts';
import { nulGuardPlugin } from './plugins/nul-guard.ts';
import { rateLimitsPlugin } from './plugins/rate-limits.ts';
import { AccessLogController } from './plugins/request-log.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { visitorPlugin } from './plugins/visitor.ts';
import { unreadBodyPlugin } from './plugins/unread-body.ts';
import { spaFallback, webPlugin, webRootExists } from './plugins/web.ts';
import { comparisonEdges } from './routes/comparison/comparison-edges.ts';
import { getChatDataRoute } from './routes/comparison/get-chat-data.route.ts';
import { listModelsRoute } from './routes/models/list-models.route.ts';
import { servicesRoute } from './routes/services/services.route.ts';
import { sessionRoute } from './routes/session/session.route.ts';
import { myDataRoute } from './routes/my-data/my-data.route.ts';
import { blindRoute } from './routes/blind/blind.route.ts';
import { contactUsRoute } from './routes/contact/contact-us.route.ts';
import { logDetailsRoute } from './routes/logs/log-details.route.ts';
import { logDownloadRoute } from './routes/logs/log-download.route.ts';
import { shareLinkRoute } from './routes/share/share-link.route.ts';
import { sharedChatRoute } from './routes/share/shared-chat.route.ts';
import { sharedPageRoute } from './routes/share/shared-page.route.ts';
import { createServices, type ServiceDeps } from './services/services.ts';
import { createStorageHealth } from './db/storage-health.ts';
import { rememberingSigner } from './lib/cookie-signer.ts';
import { batchResultsRoute } from './routes/batch/batch-results.route.ts';
import { batchRoute } from './routes/batch/batch.route.ts';
import { runReviewRoute } from './routes/batch/run-review.route.ts';
import { subscriptionRoute } from './routes/subscription/subscription.route.ts';
import { batchWorkerPlugin } from './services/batch/worker-plugin.ts';

export interface AppOptions extends Omit<ServiceDeps, 'log' | 'storage' | 'comparisonEdges'> {
  /** Folder of the built web app; the API runs without it. */
  webRoot?: string;
  logger?: LoggerOption;
  /** Shared rate-limit counters (REDIS_URL); per process without. */
  redis?: Redis;
}

/** `stream` sends the log lines elsewhere than stdout (tests read them). */
export type LoggerOption = boolean | { level: string; stream?: NodeJS.WritableStream };

/** Secrets never reach the log: headers that carry keys or cookies are masked. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-goog-api-key"]', 'res.headers["set-cookie"]'];

/**
 * Builds the app without listening, so tests and the server share one composition.
 * Order: external plugins, then ours (errors, NUL guard, visitor, CSRF), then routes.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { level = 'info', stream = undefined } = typeof options.logger === 'object' ? options.logger : {};
  const logger: FastifyServerOptions['logger'] = options.logger === false ? false : { level, redact: REDACT, ...(stream ? { stream } : {}) };
  const app = Fastify({
    logger,
    logController: new AccessLogController(),
    bodyLimit: INPUT_LIMITS.bodyMaxBytes,
    trustProxy: fastifyTrustProxy(options.env.trustProxy),
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // While closing, plugins/lifecycle.ts answers new requests in the one error shape instead.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every body this API takes is JSON; text/plain (Fastify's other default) would only reach the
  // schema as a string. Without its parser such a request answers 415 with what to send instead.
  app.removeContentTypeParser('text/plain');

  await app.register(securityHeadersPlugin);
  await app.register(cookie, { secret: rememberingSigner(options.secrets.cookieSecrets) });

  const indexPage = options.webRoot !== undefined && webRootExists(options.webRoot) ? createIndexPage(options.webRoot, { demoMode: options.demoMode }) : null;
  // One record of database outages for the whole app: one warn line when one starts and one when it ends.
  const storage = createStorageHealth(options.db, app.log);
  app.addHook('onClose', async () => storage.close());
  await app.register(errorsPlugin, { onNotFound: spaFallback(indexPage), storage });
  await app.register(unreadBodyPlugin);
  await app.register(lifecyclePlugin, { db: options.db, storage });
  await app.register(nulGuardPlugin);
  await app.register(visitorPlugin);
  await app.register(csrfPlugin);
  const uploads = { max: options.env.runLimits.uploadsPerIpPerHour, windowMs: UPLOAD_WINDOW_MS };
  await app.register(rateLimitsPlugin, {
    redis: options.redis,
    keyPrefix: options.env.redisKeyPrefix,
    scope: options.env.rateLimits,
    limits: { batchUpload: { perVisitor: uploads, perIp: uploads } },
  });
  if (indexPage && options.webRoot) await app.register(webPlugin, { root: options.webRoot });

  const services = createServices({ ...options, log: app.log, storage, comparisonEdges });
  await app.register(sessionRoute, { services });
  await app.register(listModelsRoute, { services });
  await app.register(servicesRoute, { services });
  await app.register(getChatDataRoute, { services });
  await app.register(subscriptionRoute, { services });
  await app.register(batchRoute, { services });
  await app.register(batchResultsRoute, { services });
  await app.register(runReviewRoute, { services });
  await app.register(batchWorkerPlugin, { runner: services.batchRunner });
  await app.register(logDetailsRoute, { services });
  await app.register(logDownloadRoute, { services });
  await app.register(shareLinkRoute, { services });
  await app.register(sharedChatRoute, { services });
  await app.register(contactUsRoute, { services });
  await app.register(myDataRoute, { services });
  await app.register(blindRoute, { services });
  if (indexPage) await app.register(sharedPageRoute, { services, indexPage });
  return app;
}
