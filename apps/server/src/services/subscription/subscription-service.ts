import {
  maskApiKey,
  SERVICE_KEY_TEXTS,
  SUBSCRIPTION_CONFLICT_MESSAGE,
  type TSavedServiceKeys,
  type TStoredKeys, type TSubscriptionRequest, type TSubscriptionSaved } from '@promptpair/contract';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation, type Database } from '../../db/database.ts';
import { createSubscriptionsRepository, type SubscriptionRow } from '../../db/repositories/subscriptions.ts';
import type { SqliteExecutor } from '../../db/sqlite-executor.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Secrets } from '../../lib/secrets.ts';
import type { ServiceAdapter } from '../../upstreams/types.ts';
import type { KeyChecker } from './key-check.ts';

export interface SubscriptionKeys {
  /** The spec's two services' keys, from the subscription's own columns. */
  chatgpt: string;
  palm: string;
  /** Every saved key by service id: the spec's two (`chatgpt`, `palm`) and any saved per service. */
  byService: Readonly<Record<string, string>>;
}

/** The spec's two services keep their keys in the subscription's own columns (migration 003). */
const SPEC_KEY_COLUMN = { chatgpt: 'chatgpt_key', palm: 'palmapi_key' } as const;
const specColumn = (service: string) => (Object.hasOwn(SPEC_KEY_COLUMN, service) ? SPEC_KEY_COLUMN[service as keyof typeof SPEC_KEY_COLUMN] : undefined);

/** What the service needs of the registry: a service by id, its name and where a visitor's key goes. */
export interface KeyedServices {
  list(): readonly { id: string; name: string; route: { visitor: Pick<ServiceAdapter<never>, 'listModels'> } }[];
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
  /** The offered services, whose keys a subscription may hold (service-registry.ts). */
  services?: KeyedServices;
}

/**
 * Subscriptions with saved keys. Keys are sealed with AES-256-GCM under APP_KEY before
 * storage and leave this service in clear only towards the upstreams; the owner sees them masked.
 * The rules (409, masking, payment) are written down in docs/decisions.md.
 */
export function createSubscriptionService({ db, sqlite, secrets, paymentUrl, log, keyCheck, services }: SubscriptionDeps) {
  const repo = createSubscriptionsRepository(db, sqlite);

  /** The spec's two keys, null when they cannot be read, e.g. after APP_KEY changed: they are as good as gone. */
  function open(row: SubscriptionRow): Omit<SubscriptionKeys, 'byService'> | null {
    try {
      return { chatgpt: secrets.decrypt(row.chatgpt_key), palm: secrets.decrypt(row.palmapi_key) };
    } catch {
      log.warn({ subscriptionId: row.id }, 'saved API keys cannot be decrypted (APP_KEY changed?)');
      return null;
    }
  }

  /** Every key of a readable subscription by service; a key per service that cannot be read is left out. */
  async function openAll(row: SubscriptionRow): Promise<SubscriptionKeys | null> {
    const spec = open(row);
    if (!spec) return null;
    const byService: Record<string, string> = { chatgpt: spec.chatgpt, palm: spec.palm };
    for (const { service, sealed_key } of await repo.serviceKeys(row.id)) {
      try {
        byService[service] = secrets.decrypt(sealed_key);
      } catch {
        log.warn({ subscriptionId: row.id, service }, 'a saved API key cannot be decrypted (APP_KEY changed?)');
      }
    }
    return { ...spec, byService };
  }

  async function activeKeys(visitorId: string): Promise<SubscriptionKeys | null> {
    const row = await repo.findByVisitor(visitorId);
    return row && row.status === 'active' ? openAll(row) : null;
  }

  /** The offered service of that id (404 otherwise) and this visitor's readable subscription (403 otherwise). */
  async function keyTarget(visitorId: string, serviceId: string) {
    const offered = services?.list() ?? [];
    const service = offered.find((candidate) => candidate.id === serviceId);
    if (!service) throw new ApiError('not_found', SERVICE_KEY_TEXTS.unknownService(serviceId, offered.map((known) => known.id)));
    const row = await repo.findByVisitor(visitorId);
    if (!row || !open(row)) throw new ApiError('subscription_required', SERVICE_KEY_TEXTS.subscriptionRequired);
    return { service, row };
  }

  /** Each saved key masked, named by its service, in the registry's order (a service no longer offered is not listed). */
  async function maskedKeys(row: SubscriptionRow): Promise<TSavedServiceKeys> {
    const keys = (await openAll(row))?.byService ?? {};
    return { keys: (services?.list() ?? []).flatMap(({ id, name }) => (keys[id] === undefined ? [] : [{ service: id, name, hint: maskApiKey(keys[id]) }])) };
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
            if (keys?.chatgpt !== input.chatgpt_key || keys.palm !== input.palmapi_key) throw new ApiError('conflict', SUBSCRIPTION_CONFLICT_MESSAGE);
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
      return { chatgptKey: maskApiKey(keys.chatgpt), palmapiKey: maskApiKey(keys.palm), email: row.email };
    },

    /** GET /api/service-keys: every saved key, masked; 403 without a readable subscription. */
    async serviceKeys(visitorId: string): Promise<TSavedServiceKeys> {
      const row = await repo.findByVisitor(visitorId);
      if (!row || !open(row)) throw new ApiError('subscription_required', SERVICE_KEY_TEXTS.subscriptionRequired);
      return maskedKeys(row);
    },

    /**
     * Saves or replaces one service's key once the service accepted it (the same check as a
     * subscription's keys), sealed as they are. The spec's two go to their own columns.
     */
    async saveServiceKey(visitorId: string, serviceId: string, key: string): Promise<TSavedServiceKeys> {
      const { service, row } = await keyTarget(visitorId, serviceId);
      await keyCheck.checkOne({ id: service.id, name: service.name, adapter: service.route.visitor }, key);
      const column = specColumn(service.id);
      if (column) await repo.updateSpecKey(row.id, column, secrets.encrypt(key));
      else await repo.putServiceKey(row.id, service.id, secrets.encrypt(key));
      // Read again: a spec key lives on the row itself, which now holds the new one.
      return maskedKeys((await repo.findByVisitor(visitorId)) ?? row);
    },

    /** Removes one service's key (nothing to remove is no error); the spec's two can only be replaced (422). */
    async removeServiceKey(visitorId: string, serviceId: string): Promise<TSavedServiceKeys> {
      const { service, row } = await keyTarget(visitorId, serviceId);
      if (specColumn(service.id)) throw new ApiError('validation_failed', SERVICE_KEY_TEXTS.specKeyKept(service.name), { service: [SERVICE_KEY_TEXTS.specKeyKept(service.name)] });
      await repo.deleteServiceKey(row.id, service.id);
      return maskedKeys(row);
    },

    /** The keys in clear, for calls made on the subscriber's behalf only. */
    keysFor: activeKeys,

    async isSubscribed(visitorId: string): Promise<boolean> {
      return (await activeKeys(visitorId)) !== null;
    },
  };
}
export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
