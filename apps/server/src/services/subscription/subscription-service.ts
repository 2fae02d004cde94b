import { maskApiKey, SUBSCRIPTION_CONFLICT_MESSAGE, type TStoredKeys, type TSubscriptionRequest, type TSubscriptionSaved } from '@promptpair/contract';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation, type Database } from '../../db/database.ts';
import { createSubscriptionsRepository, type SubscriptionRow } from '../../db/repositories/subscriptions.ts';
import type { SqliteExecutor } from '../../db/sqlite-executor.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Secrets } from '../../lib/secrets.ts';
import type { KeyChecker } from './key-check.ts';

export interface SubscriptionKeys {
  chatGPT: string;
  bard: string;
}

export interface SubscriptionDeps {
  db: Database;
  /** On SQLite, what runs the saved-keys lookup of every comparison (db/sqlite-executor.ts). */
  sqlite?: SqliteExecutor | undefined;
  secrets: Secrets;
  paymentUrl: string | undefined;
  log: FastifyBaseLogger;
  /** Tries both keys on their services before anything is stored. */
  keyCheck: KeyChecker;
}

/**
 * Subscriptions with saved keys. Keys are sealed with AES-256-GCM under APP_KEY before
 * storage and leave this service in clear only towards the upstreams; the owner sees them masked.
 * The rules (409, masking, payment) are written down in docs/decisions.md.
 */
export function createSubscriptionService({ db, sqlite, secrets, paymentUrl, log, keyCheck }: SubscriptionDeps) {
  const repo = createSubscriptionsRepository(db, sqlite);

  /** Null when the keys cannot be read, e.g. after APP_KEY changed: they are as good as gone. */
  function open(row: SubscriptionRow): SubscriptionKeys | null {
    try {
      return { chatGPT: secrets.decrypt(row.chatgpt_key), bard: secrets.decrypt(row.palmapi_key) };
    } catch {
      log.warn({ subscriptionId: row.id }, 'saved API keys cannot be decrypted (APP_KEY changed?)');
      return null;
    }
  }

  async function activeKeys(visitorId: string): Promise<SubscriptionKeys | null> {
    const row = await repo.findByVisitor(visitorId);
    return row && row.status === 'active' ? open(row) : null;
  }

  return {
    /**
     * Saves the visitor's subscription once both services accepted their key (422 or 503 before
     * anything is stored otherwise). An email already subscribed by another visitor is a 409,
     * unless both keys match: then it is the same person on a new browser and the subscription moves here.
     * The keys are checked first, so junk keys cannot probe which emails are taken.
     */
    async save(visitorId: string, input: TSubscriptionRequest): Promise<TSubscriptionSaved> {
      await keyCheck.check(input);
      const email = input.email; // lower-cased by the schema
      const sealed = { email, chatgptKey: secrets.encrypt(input.chatgpt_key), palmapiKey: secrets.encrypt(input.palmapi_key) };
      try {
        await db.transaction().execute(async (trx) => {
          const holder = await repo.findByEmail(email, trx);
          if (holder && holder.visitor_id !== visitorId) {
            const keys = open(holder);
            if (keys?.chatGPT !== input.chatgpt_key || keys.bard !== input.palmapi_key) throw new ApiError('conflict', SUBSCRIPTION_CONFLICT_MESSAGE);
            await repo.deleteForVisitorExcept(visitorId, holder.id, trx);
          }
          const mine = holder ?? (await repo.findByVisitor(visitorId, trx));
          if (mine) await repo.update(mine.id, visitorId, sealed, trx);
          else await repo.insert(visitorId, sealed, trx);
        });
      } catch (error) {
        // Two visitors saving one email at the same moment: the second meets the UNIQUE index.
        if (isUniqueViolation(error)) throw new ApiError('conflict', SUBSCRIPTION_CONFLICT_MESSAGE);
        throw error;
      }
      return { chatgptKey: maskApiKey(input.chatgpt_key), palmapiKey: maskApiKey(input.palmapi_key), email, paymentUrl: paymentUrl ?? null };
    },

    /** GET /api/get-api-key: the owner's keys, masked. Null when this visitor has no readable subscription. */
    async storedKeys(visitorId: string): Promise<TStoredKeys | null> {
      const row = await repo.findByVisitor(visitorId);
      const keys = row ? open(row) : null;
      if (!row || !keys) return null;
      return { chatgptKey: maskApiKey(keys.chatGPT), palmapiKey: maskApiKey(keys.bard), email: row.email };
    },

    /** The keys in clear, for calls made on the subscriber's behalf only. */
    keysFor: activeKeys,

    async isSubscribed(visitorId: string): Promise<boolean> {
      return (await activeKeys(visitorId)) !== null;
    },
  };
}
export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
