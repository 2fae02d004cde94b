import { randomUUID } from 'node:crypto';
import { RETENTION } from '@promptpair/contract';
import type { Database } from '../database.ts';

/** Contact messages are deleted this long after they arrive (docs/decisions.md, "Retention"). */
export const CONTACT_RETENTION_DAYS = RETENTION.contactMessageDays;
const DAY_MS = 24 * 3600 * 1000;

export function createContactMessagesRepository(db: Database) {
  return {
    async insert(message: { visitorId: string; email: string; message: string }): Promise<string> {
      const id = randomUUID();
      await db
        .insertInto('contact_messages')
        .values({ id, visitor_id: message.visitorId, email: message.email, message: message.message, created_at: new Date().toISOString() })
        .execute();
      return id;
    },

    /** Deletes messages past retention; returns how many went. */
    async purgeExpired(now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - CONTACT_RETENTION_DAYS * DAY_MS).toISOString();
      const result = await db.deleteFrom('contact_messages').where('created_at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async list() {
      return db.selectFrom('contact_messages').selectAll().orderBy('created_at', 'desc').execute();
    },
  };
}
export type ContactMessagesRepository = ReturnType<typeof createContactMessagesRepository>;
