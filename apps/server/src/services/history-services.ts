import type { Database } from '../db/database.ts';
import { createContactMessagesRepository } from '../db/repositories/contact-messages.ts';
import { createLogHistoryRepository } from '../db/repositories/log-history.ts';
import { createSharesRepository } from '../db/repositories/shares.ts';
import type { Env } from '../config/env.ts';
import type { FastifyBaseLogger } from 'fastify';
import { createContactMailer } from './contact-mailer.ts';
import { createContactService } from './contact.ts';
import { createSharingService } from './sharing.ts';

/** Routes read a page cursor through the service layer; `null` marks one that is not ours. */
export { decodeCursor } from '../db/repositories/log-history.ts';

/** Log Details, share links and Contact Us, built once and spread into Services. */
export function createHistoryServices(deps: { env: Env; db: Database; log: FastifyBaseLogger }) {
  const logHistory = createLogHistoryRepository(deps.db);
  const shares = createSharesRepository(deps.db);
  const mailer = createContactMailer(deps.env.smtpUrl, deps.env.contactEmailTo);
  if (deps.env.smtpUrl && !deps.env.contactEmailTo) {
    deps.log.warn('SMTP_URL is set but CONTACT_EMAIL_TO is not: contact messages are stored but not mailed.');
  }
  return {
    logHistory,
    sharing: createSharingService({ shares, history: logHistory }),
    contact: createContactService({ messages: createContactMessagesRepository(deps.db), mailer, log: deps.log }),
  };
}
