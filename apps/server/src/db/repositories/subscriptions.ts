import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Database } from '../database.ts';
import type { SubscriptionsTable } from '../schema.ts';

export type SubscriptionRow = Selectable<SubscriptionsTable>;

/** Sealed keys as lib/secrets.ts makes them; this repository never sees a key in clear. */
export interface SealedSubscription {
  email: string;
  chatgptKey: string;
  palmapiKey: string;
}

/** Subscriptions, one per visitor and per email (migration 003). Callers pass a transaction to group calls. */
export function createSubscriptionsRepository(db: Database) {
  const now = () => new Date().toISOString();
  return {
    findByVisitor(visitorId: string, trx: Database = db): Promise<SubscriptionRow | undefined> {
      return trx.selectFrom('subscriptions').selectAll().where('visitor_id', '=', visitorId).executeTakeFirst();
    },

    findByEmail(email: string, trx: Database = db) {
      return trx.selectFrom('subscriptions').selectAll().where('email', '=', email).executeTakeFirst();
    },

    async insert(visitorId: string, sealed: SealedSubscription, trx: Database = db): Promise<void> {
      const at = now();
      await trx
        .insertInto('subscriptions')
        .values({
          id: randomUUID(),
          visitor_id: visitorId,
          email: sealed.email,
          chatgpt_key: sealed.chatgptKey,
          palmapi_key: sealed.palmapiKey,
          status: 'active',
          created_at: at,
          updated_at: at,
        })
        .execute();
    },

    /** Rewrites a subscription and (re)links it to this visitor. */
    async update(id: string, visitorId: string, sealed: SealedSubscription, trx: Database = db): Promise<void> {
      await trx
        .updateTable('subscriptions')
        .set({ visitor_id: visitorId, email: sealed.email, chatgpt_key: sealed.chatgptKey, palmapi_key: sealed.palmapiKey, updated_at: now() })
        .where('id', '=', id)
        .execute();
    },

    /** Every row's sealed keys, for re-sealing them under a new APP_KEY. */
    allSealed(trx: Database = db) {
      return trx.selectFrom('subscriptions').select(['id', 'chatgpt_key', 'palmapi_key']).execute();
    },
    async updateSealed(id: string, keys: { chatgptKey: string; palmapiKey: string }, trx: Database = db): Promise<void> {
      await trx.updateTable('subscriptions').set({ chatgpt_key: keys.chatgptKey, palmapi_key: keys.palmapiKey }).where('id', '=', id).execute();
    },
    async deleteForVisitorExcept(visitorId: string, keepId: string, trx: Database = db): Promise<void> {
      const others = trx.selectFrom('subscriptions').select('id').where('visitor_id', '=', visitorId).where('id', '!=', keepId);
      await trx.deleteFrom('subscription_keys').where('subscription_id', 'in', others).execute();
      await trx.deleteFrom('subscriptions').where('visitor_id', '=', visitorId).where('id', '!=', keepId).execute();
    },

    /** The sealed keys per service of one subscription (migration 013), beyond the spec's two. */
    serviceKeys(subscriptionId: string, trx: Database = db) {
      return trx.selectFrom('subscription_keys').select(['service', 'sealed_key']).where('subscription_id', '=', subscriptionId).execute();
    },
    /** Saves or replaces one service's sealed key. */
    async putServiceKey(subscriptionId: string, service: string, sealedKey: string, trx: Database = db): Promise<void> {
      await trx
        .insertInto('subscription_keys')
        .values({ subscription_id: subscriptionId, service, sealed_key: sealedKey, updated_at: now() })
        .onConflict((conflict) => conflict.columns(['subscription_id', 'service']).doUpdateSet({ sealed_key: sealedKey, updated_at: now() }))
        .execute();
    },
    /** True when a key was there to remove. */
    async deleteServiceKey(subscriptionId: string, service: string, trx: Database = db): Promise<boolean> {
      const result = await trx.deleteFrom('subscription_keys').where('subscription_id', '=', subscriptionId).where('service', '=', service).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    /** A spec key (chatgpt or palm) replaced on its own, sealed. */
    async updateSpecKey(id: string, column: 'chatgpt_key' | 'palmapi_key', sealedKey: string, trx: Database = db): Promise<void> {
      await trx.updateTable('subscriptions').set({ [column]: sealedKey, updated_at: now() }).where('id', '=', id).execute();
    },
    /** Every sealed key per service, for re-sealing them under a new APP_KEY. */
    allSealedServiceKeys(trx: Database = db) {
      return trx.selectFrom('subscription_keys').select(['subscription_id', 'service', 'sealed_key']).execute();
    },
  };
}
export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
