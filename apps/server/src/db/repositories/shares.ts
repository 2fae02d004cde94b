import { randomBytes } from 'node:crypto';
import type { Database } from '../database.ts';
import { sideColumnsIn } from './side-columns.ts';

/** 16 random bytes = 128 bits, written as 22 URL-safe characters (SHARE_HASH_PATTERN). */
const newHash = () => randomBytes(16).toString('base64url');

/** Share links: one public hash per log. */
export function createSharesRepository(db: Database) {
  return {
    /**
     * The log's hash, made on first use. Insert-or-keep then read back, so two parallel shares of
     * one log still agree on a single hash (the unique log_id decides).
     */
    async hashFor(logId: string): Promise<string> {
      await db
        .insertInto('shares')
        .values({ hash: newHash(), log_id: logId, created_at: new Date().toISOString() })
        .onConflict((oc) => oc.column('log_id').doNothing())
        .execute();
      const row = await db.selectFrom('shares').select('hash').where('log_id', '=', logId).executeTakeFirstOrThrow();
      return row.hash;
    },

    /** The shared comparison behind a hash, or undefined. */
    async findShared(hash: string) {
      return db
        .selectFrom('shares')
        .innerJoin('logs', 'logs.id', 'shares.log_id')
        .leftJoin('comparison_votes', 'comparison_votes.log_id', 'logs.id')
        .select(['logs.prompt_message', 'logs.side_a_data', 'logs.side_b_data', 'logs.created_at', 'logs.side_a_settings', 'logs.side_b_settings'])
        // A conversation's row: the page shows its rows up to this one (docs/decisions.md, "Share links").
        .select(['logs.visitor_id', 'logs.conversation_id', 'logs.step'])
        // What each side ran on (migration 011): the log keeps it, so the share needs no copy of its own.
        .select(sideColumnsIn('logs'))
        .select(['comparison_votes.answer_a', 'comparison_votes.choice', 'comparison_votes.side_a_self_named', 'comparison_votes.side_b_self_named', 'comparison_votes.voted_at'])
        .where('shares.hash', '=', hash)
        .executeTakeFirst();
    },

    /**
     * A conversation's rows from the first up to step `lastStep`, in step order (a regenerated answer
     * repeats its turn's number, never its step), with each one's blind vote state: only its
     * visitor's rows, as every read of a conversation.
     */
    async conversationTurns(visitorId: string, conversationId: string, lastStep?: number) {
      let query = db
        .selectFrom('logs')
        .leftJoin('comparison_votes', 'comparison_votes.log_id', 'logs.id')
        .select(['logs.id', 'logs.turn', 'logs.step', 'logs.turn_choice', 'logs.prompt_message', 'logs.side_a_data', 'logs.side_b_data', 'logs.created_at', 'comparison_votes.answer_a', 'comparison_votes.choice', 'comparison_votes.revealed_at'])
        .where('logs.visitor_id', '=', visitorId)
        .where('logs.conversation_id', '=', conversationId);
      if (lastStep !== undefined) query = query.where('logs.step', '<=', lastStep);
      return query.orderBy('logs.step').execute();
    },
  };
}
export type SharesRepository = ReturnType<typeof createSharesRepository>;
