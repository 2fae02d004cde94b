import type { Database } from '../db/database.ts';
import { createContactMessagesRepository } from '../db/repositories/contact-messages.ts';
import type { TLogSideInfo } from '@promptpair/contract';
import { createLogHistoryRepository, type LogHistoryRepository } from '../db/repositories/log-history.ts';
import type { ServiceNames } from './scoreboard.ts';
import { createSharesRepository } from '../db/repositories/shares.ts';
import type { Env } from '../config/env.ts';
import type { FastifyBaseLogger } from 'fastify';
import { createContactMailer } from './contact-mailer.ts';
import { createContactService } from './contact.ts';
import { createSharingService } from './sharing.ts';
import type { ServiceRegistry } from './service-registry.ts';

/** Routes read a page cursor through the service layer; `null` marks one that is not ours. */
export { decodeCursor } from '../db/repositories/log-history.ts';

/**
 * Log Details' pages name each side's service as the visitor sees it (Log Details shows a pair other
 * than the spec's by service and model); the downloads keep the ids only.
 */
function withServiceNames(history: LogHistoryRepository, serviceNames: ServiceNames): LogHistoryRepository {
  const named = (side: TLogSideInfo): TLogSideInfo => ({ ...side, name: serviceNames(side.service) });
  return {
    ...history,
    async page(visitorId, options) {
      const page = await history.page(visitorId, options);
      return { ...page, records: page.records.map((record) => (record.sides ? { ...record, sides: { a: named(record.sides.a), b: named(record.sides.b) } } : record)) };
    },
  };
}

/** Log Details, share links and Contact Us, built once and spread into Services. */
export function createHistoryServices(deps: { env: Env; db: Database; log: FastifyBaseLogger; serviceRegistry: ServiceRegistry }) {
  const serviceNames = (id: string) => deps.serviceRegistry.get(id)?.name ?? id;
  const logHistory = createLogHistoryRepository(deps.db);
  const shares = createSharesRepository(deps.db);
  const mailer = createContactMailer(deps.env.smtpUrl, deps.env.contactEmailTo);
  if (deps.env.smtpUrl && !deps.env.contactEmailTo) {
    deps.log.warn('SMTP_URL is set but CONTACT_EMAIL_TO is not: contact messages are stored but not mailed.');
  }
  return {
    logHistory: withServiceNames(logHistory, serviceNames),
    sharing: createSharingService({ shares, history: logHistory, serviceNames }),
    contact: createContactService({ messages: createContactMessagesRepository(deps.db), mailer, log: deps.log }),
  };
}
