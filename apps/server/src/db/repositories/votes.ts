import type { Side, TVote, TVoteChoice } from '@promptpair/contract';
import type { Selectable } from 'kysely';
import type { Database } from '../database.ts';
import type { ComparisonVotesTable } from '../schema.ts';
import { sideColumnsIn } from './side-columns.ts';

export interface NewBlindComparison {
  logId: string;
  visitorId: string;
  /** The side shown as "Answer A". */
  answerA: Side;
  /** The model that answered on each side, and whether its answer named its maker. */
  models: { a: string | null; b: string | null };
  selfNamed: { a: boolean; b: boolean };
  /** A turn of a blind conversation names it (migration 016). */
  conversationId?: string | undefined;
}

/** How a blind conversation's reveal was claimed: by this call, or already by a vote or an end. */
export type RevealClaim = 'claimed' | 'voted' | 'ended';

export type VoteRow = Selectable<ComparisonVotesTable>;

/** A cast vote as the contract shows it; null while the comparison waits for one. */
export function toVote(row: Pick<VoteRow, 'answer_a' | 'choice' | 'side_a_self_named' | 'side_b_self_named' | 'voted_at'>): TVote | null {
  if (row.choice === null || row.voted_at === null) return null;
  const selfNamed = { a: row.side_a_self_named === 1, b: row.side_b_self_named === 1 };
  return {
    answerA: row.answer_a as Side,
    choice: row.choice as TVoteChoice,
    possiblyUnblinded: selfNamed.a || selfNamed.b,
    selfNamed,
    votedAt: row.voted_at,
  };
}

type JoinedVoteColumns = { [K in 'answer_a' | 'choice' | 'side_a_self_named' | 'side_b_self_named' | 'voted_at']: VoteRow[K] | null };

/** A vote read through a LEFT JOIN, whose columns are all null when the comparison has none. */
export function joinedVote(row: JoinedVoteColumns): TVote | null {
  return row.answer_a === null ? null : toVote({ ...row, answer_a: row.answer_a, side_a_self_named: row.side_a_self_named ?? 0, side_b_self_named: row.side_b_self_named ?? 0 });
}

/** Blind comparisons' hidden orders and votes. Every query is scoped by the visitor. */
function voteRow(blind: NewBlindComparison, choice: TVoteChoice | null) {
  const at = new Date().toISOString();
  return {
    log_id: blind.logId,
    visitor_id: blind.visitorId,
    answer_a: blind.answerA,
    side_a_answered_model: blind.models.a,
    side_b_answered_model: blind.models.b,
    choice,
    side_a_self_named: blind.selfNamed.a ? 1 : 0,
    side_b_self_named: blind.selfNamed.b ? 1 : 0,
    created_at: at,
    voted_at: choice === null ? null : at,
    conversation_id: blind.conversationId ?? null,
    revealed_at: null,
  };
}

export function createVotesRepository(db: Database) {
  return {
    async create(blind: NewBlindComparison): Promise<void> {
      await db.insertInto('comparison_votes').values(voteRow(blind, null)).execute();
    },

    /**
     * A vote whose order was kept elsewhere until now (a prompt of a run, batch_items.answer_a),
     * written with its choice at once. False when the comparison already has one: the first stays.
     */
    async castWithOrder(blind: NewBlindComparison, choice: TVoteChoice): Promise<boolean> {
      const rows = await db
        .insertInto('comparison_votes')
        .values(voteRow(blind, choice))
        .onConflict((oc) => oc.column('log_id').doNothing())
        .returning('log_id')
        .execute();
      return rows.length === 1;
    },

    async find(logId: string, visitorId: string): Promise<VoteRow | undefined> {
      return db.selectFrom('comparison_votes').selectAll().where('log_id', '=', logId).where('visitor_id', '=', visitorId).executeTakeFirst();
    },

    /** Records the choice once: false when it was already cast (two tabs voting at once keep the first). */
    async cast(logId: string, visitorId: string, choice: TVoteChoice): Promise<boolean> {
      const result = await db
        .updateTable('comparison_votes')
        .set({ choice, voted_at: new Date().toISOString() })
        .where('log_id', '=', logId)
        .where('visitor_id', '=', visitorId)
        .where('choice', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Reveals a blind conversation once: the first vote or end sets `revealed_at` on all its turns
     * (a concurrent second one updates no row), and a vote writes its choice on its turn with the
     * self-naming flags of every turn. Says what came first when this call was not it.
     */
    async revealConversation(conversationId: string, visitorId: string, vote?: { logId: string; choice: TVoteChoice }): Promise<RevealClaim> {
      return db.transaction().execute(async (trx) => {
        const at = new Date().toISOString();
        const ofConversation = trx.updateTable('comparison_votes').where('conversation_id', '=', conversationId).where('visitor_id', '=', visitorId);
        const claimed = await ofConversation.set({ revealed_at: at }).where('revealed_at', 'is', null).executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) {
          const voted = await trx.selectFrom('comparison_votes').select('log_id').where('conversation_id', '=', conversationId).where('visitor_id', '=', visitorId).where('choice', 'is not', null).executeTakeFirst();
          return voted ? 'voted' : 'ended';
        }
        if (vote) {
          const turns = await trx.selectFrom('comparison_votes').select(['side_a_self_named', 'side_b_self_named']).where('conversation_id', '=', conversationId).where('visitor_id', '=', visitorId).execute();
          const any = (column: 'side_a_self_named' | 'side_b_self_named') => (turns.some((turn) => turn[column] === 1) ? 1 : 0);
          await trx
            .updateTable('comparison_votes')
            .set({ choice: vote.choice, voted_at: at, side_a_self_named: any('side_a_self_named'), side_b_self_named: any('side_b_self_named') })
            .where('log_id', '=', vote.logId)
            .where('visitor_id', '=', visitorId)
            .execute();
        }
        return 'claimed';
      });
    },

    /** A row of the visitor's blind conversation: every turn holds its order and its reveal, so any one tells (even with its first turn deleted). */
    async ofConversation(conversationId: string, visitorId: string): Promise<VoteRow | undefined> {
      return db.selectFrom('comparison_votes').selectAll().where('conversation_id', '=', conversationId).where('visitor_id', '=', visitorId).orderBy('created_at').executeTakeFirst();
    },

    /** Every blind turn of a visitor's conversation with its log, in turn order. */
    async conversationTurns(conversationId: string, visitorId: string) {
      return db
        .selectFrom('comparison_votes')
        .innerJoin('logs', 'logs.id', 'comparison_votes.log_id')
        .selectAll('comparison_votes')
        .select(['logs.turn', 'logs.prompt_message', 'logs.side_a_data', 'logs.side_b_data'])
        .select(sideColumnsIn('logs'))
        .where('comparison_votes.conversation_id', '=', conversationId)
        .where('comparison_votes.visitor_id', '=', visitorId)
        .orderBy('logs.turn')
        .execute();
    },

    /** Every cast vote of the visitor with its log's sides and the prompt-list run it belongs to, if any. */
    async castBy(visitorId: string) {
      return db
        .selectFrom('comparison_votes')
        .leftJoin('logs', 'logs.id', 'comparison_votes.log_id')
        .leftJoin('batch_items', 'batch_items.log_id', 'comparison_votes.log_id')
        .leftJoin('batch_jobs', 'batch_jobs.id', 'batch_items.job_id')
        .select([
          'comparison_votes.answer_a',
          'comparison_votes.choice',
          'comparison_votes.side_a_answered_model',
          'comparison_votes.side_b_answered_model',
          'comparison_votes.side_a_self_named',
          'comparison_votes.side_b_self_named',
          'batch_jobs.id as run_id',
          'batch_jobs.filename as run_filename',
          'batch_jobs.created_at as run_created_at',
          'logs.side_a_service',
          'logs.side_a_model',
          'logs.side_b_service',
          'logs.side_b_model',
        ])
        .where('comparison_votes.visitor_id', '=', visitorId)
        .where('comparison_votes.choice', 'is not', null)
        .orderBy('comparison_votes.voted_at')
        .execute();
    },
  };
}
export type VotesRepository = ReturnType<typeof createVotesRepository>;
