import { MY_DATA_LIMITS } from '@promptpair/contract';
import type { Database } from '../database.ts';

/**
 * How each table holds a visitor's data. `column` names the visitor; `parent` rows belong to a
 * visitor through a row of another table. The deletion test reads the tables from the database
 * itself and fails on a table missing here, or one with a visitor column that is not `column`.
 */
export const VISITOR_DATA_TABLES = {
  visitors: { column: 'id' },
  logs: { column: 'visitor_id' },
  shares: { parent: { table: 'logs', column: 'log_id' } },
  comparison_votes: { column: 'visitor_id' },
  contact_messages: { column: 'visitor_id' },
  subscriptions: { column: 'visitor_id' },
  subscription_keys: { parent: { table: 'subscriptions', column: 'subscription_id' } },
  batch_jobs: { column: 'visitor_id' },
  batch_items: { parent: { table: 'batch_jobs', column: 'job_id' } },
  ip_usage: { none: 'free prompts per client IP: shared by everyone behind that address, and the ceiling that stays when cookies go' },
  storage_probe: { none: 'one row /readyz writes to check that the database can write' },
  kysely_migration: { none: 'which migrations ran' },
  kysely_migration_lock: { none: 'the migrations lock' },
} as const;

const excerpt = (text: string) => (text.length > MY_DATA_LIMITS.excerptChars ? `${text.slice(0, MY_DATA_LIMITS.excerptChars)}…` : text);

/** Reads and deletes everything kept under one visitor id. Every query is scoped by it. */
export function createVisitorDataRepository(db: Database) {
  const logsOf = (visitorId: string) => db.selectFrom('logs').select('id').where('visitor_id', '=', visitorId);
  const jobsOf = (visitorId: string) => db.selectFrom('batch_jobs').select('id').where('visitor_id', '=', visitorId);
  const repository = {
    async overview(visitorId: string) {
      const [visitor, total, latest, conversations, runs, messages] = await Promise.all([
        db.selectFrom('visitors').select(['free_used', 'created_at']).where('id', '=', visitorId).executeTakeFirst(),
        db.selectFrom('logs').select((eb) => eb.fn.countAll<number | string>().as('n')).where('visitor_id', '=', visitorId).executeTakeFirstOrThrow(),
        db
          .selectFrom('logs')
          .leftJoin('shares', 'shares.log_id', 'logs.id')
          .select(['logs.id', 'logs.prompt_message', 'logs.created_at', 'shares.hash'])
          .where('logs.visitor_id', '=', visitorId)
          // A conversation of one row is listed as the single comparison it is; longer ones under `conversations`.
          .where((eb) =>
            eb.or([
              eb('logs.conversation_id', 'is', null),
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('logs as other')
                    .select('other.id')
                    .whereRef('other.conversation_id', '=', 'logs.conversation_id')
                    .where('other.visitor_id', '=', visitorId)
                    .whereRef('other.id', '<>', 'logs.id'),
                ),
              ),
            ]),
          )
          .orderBy('logs.created_at', 'desc')
          .orderBy('logs.id', 'desc')
          .limit(MY_DATA_LIMITS.listedComparisons)
          .execute(),
        repository.conversations(visitorId),
        db.selectFrom('batch_jobs').select(['id', 'filename', 'status', 'total', 'created_at']).where('visitor_id', '=', visitorId).orderBy('created_at', 'desc').execute(),
        db.selectFrom('contact_messages').select(['email', 'message', 'created_at']).where('visitor_id', '=', visitorId).orderBy('created_at', 'desc').execute(),
      ]);
      return {
        freePromptsUsed: visitor?.free_used ?? 0,
        comparisons: {
          total: Number(total.n),
          latest: latest.map((row) => ({ id: row.id, prompt: excerpt(row.prompt_message), created_at: row.created_at, shared: row.hash !== null })),
        },
        conversations: conversations.map((row) => ({ ...row, prompt: excerpt(row.prompt) })),
        runs,
        contactMessages: messages.map((row) => ({ ...row, message: excerpt(row.message) })),
      };
    },

    /**
     * The visitor's conversations of two rows or more, latest first: the first row's prompt, how many
     * rows (a regenerated answer is one), when, and whether any is shared.
     */
    async conversations(visitorId: string) {
      const groups = await db
        .selectFrom('logs')
        .leftJoin('shares', 'shares.log_id', 'logs.id')
        .select((eb) => [
          'logs.conversation_id',
          eb.fn.countAll<number | string>().as('turns'),
          eb.fn.min('logs.step').as('first_step'),
          eb.fn.min('logs.created_at').as('created_at'),
          eb.fn.max('logs.created_at').as('last_at'),
          eb.fn.count('shares.hash').as('shares'),
        ])
        .where('logs.visitor_id', '=', visitorId)
        .where('logs.conversation_id', 'is not', null)
        .groupBy('logs.conversation_id')
        .having((eb) => eb.fn.countAll(), '>', 1)
        .orderBy('last_at', 'desc')
        .orderBy('logs.conversation_id', 'desc')
        .limit(MY_DATA_LIMITS.listedComparisons)
        .execute();
      // Only each conversation's first row is read: a prompt may be long, and a conversation has many.
      const starts = groups.flatMap((group) => (group.conversation_id === null || group.first_step === null ? [] : [{ id: group.conversation_id, step: group.first_step }]));
      const firsts =
        starts.length === 0
          ? []
          : await db
              .selectFrom('logs')
              .select(['conversation_id', 'step', 'prompt_message'])
              .where('visitor_id', '=', visitorId)
              .where((eb) => eb.or(starts.map((start) => eb.and([eb('conversation_id', '=', start.id), eb('step', '=', start.step)]))))
              .execute();
      return groups.flatMap((group) => {
        const first = firsts.find((row) => row.conversation_id === group.conversation_id && row.step === group.first_step);
        if (group.conversation_id === null || !first) return [];
        return [{ id: group.conversation_id, prompt: first.prompt_message, turns: Number(group.turns), created_at: group.created_at, last_at: group.last_at, shared: Number(group.shares) > 0 }];
      });
    },

    /** Everything in full, for the download (subscriptions are read by the subscription service). */
    async everything(visitorId: string) {
      const [visitor, logs, runs, items, messages] = await Promise.all([
        db.selectFrom('visitors').select(['free_used', 'created_at']).where('id', '=', visitorId).executeTakeFirst(),
        db
          .selectFrom('logs')
          .leftJoin('shares', 'shares.log_id', 'logs.id')
          .leftJoin('comparison_votes', 'comparison_votes.log_id', 'logs.id')
          .selectAll('logs')
          .select(['shares.hash', 'comparison_votes.answer_a', 'comparison_votes.choice', 'comparison_votes.voted_at'])
          .where('logs.visitor_id', '=', visitorId)
          .orderBy('logs.created_at')
          .orderBy('logs.id')
          .execute(),
        db.selectFrom('batch_jobs').selectAll().where('visitor_id', '=', visitorId).orderBy('created_at').execute(),
        db.selectFrom('batch_items').select(['job_id', 'prompt']).where('job_id', 'in', jobsOf(visitorId)).orderBy('job_id').orderBy('idx').execute(),
        db.selectFrom('contact_messages').select(['email', 'message', 'created_at']).where('visitor_id', '=', visitorId).orderBy('created_at').execute(),
      ]);
      return { visitor, logs, runs, items, messages };
    },

    /** Deletes one of the visitor's comparisons and its share link; false when it is not theirs. */
    async deleteComparison(visitorId: string, logId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const owned = await trx.selectFrom('logs').select('id').where('id', '=', logId).where('visitor_id', '=', visitorId).executeTakeFirst();
        if (!owned) return false;
        await trx.deleteFrom('shares').where('log_id', '=', logId).execute();
        await trx.deleteFrom('comparison_votes').where('log_id', '=', logId).execute();
        await trx.deleteFrom('logs').where('id', '=', logId).execute();
        return true;
      });
    },

    /** Deletes every turn of one of the visitor's conversations, with their share links and votes; false when none is theirs. */
    async deleteConversation(visitorId: string, conversationId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const turns = trx.selectFrom('logs').select('id').where('visitor_id', '=', visitorId).where('conversation_id', '=', conversationId);
        await trx.deleteFrom('shares').where('log_id', 'in', turns).execute();
        await trx.deleteFrom('comparison_votes').where('log_id', 'in', turns).execute();
        const deleted = await trx.deleteFrom('logs').where('visitor_id', '=', visitorId).where('conversation_id', '=', conversationId).executeTakeFirst();
        return Number(deleted.numDeletedRows) > 0;
      });
    },

    /**
     * Deletes every row of the visitor, in one transaction. Prompt-list rows go before the logs: a
     * run still finishing prompts elsewhere records them only for rows that still exist
     * (batch-items.ts), so none of its records can land after this.
     */
    async deleteAll(visitorId: string) {
      return db.transaction().execute(async (trx) => {
        const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
        await trx.deleteFrom('batch_items').where('job_id', 'in', jobsOf(visitorId)).execute();
        const promptListRuns = count(await trx.deleteFrom('batch_jobs').where('visitor_id', '=', visitorId).executeTakeFirst());
        const shares = count(await trx.deleteFrom('shares').where('log_id', 'in', logsOf(visitorId)).executeTakeFirst());
        await trx.deleteFrom('comparison_votes').where('visitor_id', '=', visitorId).execute();
        const comparisons = count(await trx.deleteFrom('logs').where('visitor_id', '=', visitorId).executeTakeFirst());
        // SQLite does not enforce the cascade: the sealed keys per service go first, by hand.
        await trx.deleteFrom('subscription_keys').where('subscription_id', 'in', trx.selectFrom('subscriptions').select('id').where('visitor_id', '=', visitorId)).execute();
        const subscriptions = count(await trx.deleteFrom('subscriptions').where('visitor_id', '=', visitorId).executeTakeFirst());
        const contactMessages = count(await trx.deleteFrom('contact_messages').where('visitor_id', '=', visitorId).executeTakeFirst());
        const freePromptCounters = count(await trx.deleteFrom('visitors').where('id', '=', visitorId).executeTakeFirst());
        return { comparisons, shares, subscriptions, promptListRuns, contactMessages, freePromptCounters };
      });
    },
  };
  return repository;
}
export type VisitorDataRepository = ReturnType<typeof createVisitorDataRepository>;
