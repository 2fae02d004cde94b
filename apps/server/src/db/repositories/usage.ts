import type { Database } from '../database.ts';
import { precompile } from '../precompiled.ts';
import type { SqliteExecutor } from '../sqlite-executor.ts';

export interface FreeLimits {
  perVisitor: number;
  /** 0 turns the per-IP ceiling off. */
  perIp: number;
}

class CapReached extends Error {}

/**
 * The per-IP counter's key. Behind TRUST_PROXY the address is read from X-Forwarded-For, which
 * proxy-addr takes as written, so it can be any text; ip_usage.ip holds 64 characters (an IPv6
 * address needs at most 45), and PostgreSQL refuses longer text where SQLite would store it.
 */
const ipKey = (ip: string) => ip.slice(0, 64);

/**
 * Free prompts on the operators' keys. A claim is one conditional upsert per counter (the row is
 * made with its first prompt, or counted up while under the limit) inside a transaction, so
 * parallel requests can never take more than the limit, on SQLite or PostgreSQL, and a first
 * comparison costs no more statements than the hundredth. Every operator-paid comparison claims:
 * the upserts are compiled once, and on SQLite run as one synchronous transaction by `sqlite`
 * (db/sqlite-executor.ts) whenever it is free.
 */
export function createUsageRepository(db: Database, limits: FreeLimits, sqlite?: SqliteExecutor) {
  const claimVisitor = precompile<{ id: string; at: string }>((p) =>
    db
      .insertInto('visitors')
      .values({ id: p.id, created_at: p.at, free_used: 1 })
      .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ free_used: eb('visitors.free_used', '+', 1) })).where('visitors.free_used', '<', limits.perVisitor)),
  );
  const claimIp = precompile<{ ip: string }>((p) =>
    db
      .insertInto('ip_usage')
      .values({ ip: p.ip, free_used: 1 })
      .onConflict((oc) => oc.column('ip').doUpdateSet((eb) => ({ free_used: eb('ip_usage.free_used', '+', 1) })).where('ip_usage.free_used', '<', limits.perIp)),
  );
  const claimOnSqlite = sqlite?.transaction((visitorId: string, ip: string) => {
    if (sqlite.run(claimVisitor.bind({ id: visitorId, at: new Date().toISOString() })).changes === 0) throw new CapReached();
    if (limits.perIp > 0 && sqlite.run(claimIp.bind({ ip })).changes === 0) throw new CapReached();
  });

  return {
    /** Takes one free prompt for this visitor and IP; false when either is used up. */
    async claimFreePrompt(visitorId: string, address: string): Promise<boolean> {
      // A first row is made holding one prompt, so a limit of 0 has to refuse before it.
      if (limits.perVisitor < 1) return false;
      const ip = ipKey(address);
      try {
        if (claimOnSqlite && sqlite?.free) claimOnSqlite(visitorId, ip);
        else await db.transaction().execute(async (trx) => {
          const visitor = await claimVisitor(trx, { id: visitorId, at: new Date().toISOString() });
          if (Number(visitor.numAffectedRows ?? 0) === 0) throw new CapReached();
          if (limits.perIp === 0) return;
          // Throwing rolls back the visitor's increment too.
          if (Number((await claimIp(trx, { ip })).numAffectedRows ?? 0) === 0) throw new CapReached();
        });
        return true;
      } catch (error) {
        if (error instanceof CapReached) return false;
        throw error;
      }
    },

    /** Gives a claimed prompt back (used when no operator-paid side produced an answer). */
    async refundFreePrompt(visitorId: string, address: string): Promise<void> {
      const ip = ipKey(address);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('visitors').set((eb) => ({ free_used: eb('free_used', '-', 1) })).where('id', '=', visitorId).where('free_used', '>', 0).execute();
        if (limits.perIp > 0) {
          await trx.updateTable('ip_usage').set((eb) => ({ free_used: eb('free_used', '-', 1) })).where('ip', '=', ip).where('free_used', '>', 0).execute();
        }
      });
    },

    async freePromptsLeft(visitorId: string, address: string): Promise<number> {
      const ip = ipKey(address);
      const visitor = await db.selectFrom('visitors').select('free_used').where('id', '=', visitorId).executeTakeFirst();
      let left = limits.perVisitor - (visitor?.free_used ?? 0);
      if (limits.perIp > 0) {
        const address = await db.selectFrom('ip_usage').select('free_used').where('ip', '=', ip).executeTakeFirst();
        left = Math.min(left, limits.perIp - (address?.free_used ?? 0));
      }
      return Math.max(0, left);
    },
  };
}
export type UsageRepository = ReturnType<typeof createUsageRepository>;
