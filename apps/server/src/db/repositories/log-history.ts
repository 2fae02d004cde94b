import { NOT_LOGGED_SIDE, type TLogRecord, type TTurnChoice } from '@promptpair/contract';
import { sql, type Selectable, type SqlBool } from 'kysely';
import type { Database } from '../database.ts';
import type { ComparisonVotesTable, LogsTable } from '../schema.ts';
import { readTurnChoice } from './conversations.ts';
import { readSentSettings, readSideSettings } from './sent-settings.ts';
import { isSpecSides, sidesOf } from './side-columns.ts';
import { joinedVote } from './votes.ts';

type VoteColumns = Pick<Selectable<ComparisonVotesTable>, 'answer_a' | 'choice' | 'side_a_self_named' | 'side_b_self_named' | 'voted_at'>;
type HistoryRow = Selectable<LogsTable> & { [K in keyof VoteColumns]: VoteColumns[K] | null };

/** Where a page of history ends: the last record's time and id, opaque to the client. */
interface Cursor {
  createdAt: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

/** What encodeCursor writes: an ISO 8601 time (as stored in created_at) and a log id. */
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const CURSOR_ID = /^[\w-]{1,64}$/;

/**
 * Null for anything that is not a cursor this server made. Its parts reach SQL as parameters, so
 * they are checked for shape: a forged one must be a 422, not text PostgreSQL refuses (a NUL).
 */
export function decodeCursor(text: string): Cursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string') {
      if (CURSOR_TIME.test(value[0]) && CURSOR_ID.test(value[1])) return { createdAt: value[0], id: value[1] };
    }
  } catch {
    // Falls through: not base64url JSON.
  }
  return null;
}

/**
 * A record as Log Details shows it. A side whose 'log output' was off is withheld: the visitor
 * asked to log the other side only (docs/decisions.md, "Log output"). `withSettings` adds what each
 * side was sent with (never a key), as the shared page shows it. `withConversation` names the
 * record's conversation and turn: always but on the spec pair's plain record (its §3 shape).
 */
export function toLogRecord(row: HistoryRow, withSettings = false, withConversation = withSettings || !isSpecSides(row)): TLogRecord {
  const vote = joinedVote(row);
  const settings = withSettings ? readSentSettings(row.side_a_settings, row.side_b_settings) : undefined;
  const sideSettings = withSettings && !isSpecSides(row) ? readSideSettings(row) : undefined;
  return {
    id: row.id,
    prompt_message: row.prompt_message,
    chatGPT_data: row.side_a_log_output ? row.side_a_data : JSON.stringify(NOT_LOGGED_SIDE),
    palm_data: row.side_b_log_output ? row.side_b_data : JSON.stringify(NOT_LOGGED_SIDE),
    created_at: row.created_at,
    // Only blind comparisons carry it, so every other record keeps the docs/product.md §3 shape.
    ...(vote ? { vote } : {}),
    // Likewise only a pair other than the spec's names its sides.
    ...(isSpecSides(row) ? {} : { sides: sidesOf(row) }),
    ...(settings ? { settings } : {}),
    ...(sideSettings ? { sideSettings } : {}),
    // The spec's body starts a conversation too; its plain record keeps the §3 shape all the same.
    ...(withConversation && row.conversation_id !== null && row.turn !== null ? { conversation: conversationOf(row.conversation_id, row.turn, readTurnChoice(row.turn_choice)) } : {}),
  };
}

/** A record's conversation and turn (migration 014), and the visitor's choice for the turn (migration 015). */
const conversationOf = (id: string, turn: number, choice: TTurnChoice | undefined) => ({ id, turn, ...(choice ? { choice } : {}) });

/**
 * A visitor's own logged comparisons, newest first. Every query is scoped by visitor id. Log Details
 * pages by entry: a single comparison, or a conversation, whose rows come together (newest first,
 * as every record) at the place of its latest (docs/decisions.md, "Log Details paging").
 */
export function createLogHistoryRepository(db: Database) {
  // What Log Details may show: the visitor's, at least one side logged, and no blind comparison
  // waiting for its vote (its record would tell which answer was which); a blind conversation's
  // turns show once it is revealed (a vote on one turn, or its end). Written for any alias of the
  // logs and their votes, as the subquery for a later row needs.
  const shownBy = (visitorId: string, logs = 'logs', votes = 'comparison_votes') =>
    sql<SqlBool>`${sql.ref(`${logs}.visitor_id`)} = ${visitorId} and (${sql.ref(`${logs}.side_a_log_output`)} = 1 or ${sql.ref(`${logs}.side_b_log_output`)} = 1) and (${sql.ref(`${votes}.log_id`)} is null or ${sql.ref(`${votes}.choice`)} is not null or ${sql.ref(`${votes}.revealed_at`)} is not null)`;
  const withVotes = () =>
    db
      .selectFrom('logs')
      .leftJoin('comparison_votes', 'comparison_votes.log_id', 'logs.id')
      .selectAll('logs')
      .select(['comparison_votes.answer_a', 'comparison_votes.choice', 'comparison_votes.side_a_self_named', 'comparison_votes.side_b_self_named', 'comparison_votes.voted_at']);
  const loggedBy = (visitorId: string) => withVotes().where(shownBy(visitorId)).orderBy('logs.created_at', 'desc').orderBy('logs.id', 'desc');

  return {
    /** One page of entries (a conversation is one); `next` is set when older entries remain. */
    async page(visitorId: string, options: { limit: number; after?: Cursor; withSettings?: boolean }): Promise<{ records: TLogRecord[]; next: string | null }> {
      // An entry's head: a single comparison, or the latest shown row of its conversation.
      let query = loggedBy(visitorId)
        .where((eb) =>
          eb.or([
            eb('logs.conversation_id', 'is', null),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('logs as later')
                  .leftJoin('comparison_votes as later_votes', 'later_votes.log_id', 'later.id')
                  .select('later.id')
                  .whereRef('later.conversation_id', '=', 'logs.conversation_id')
                  .whereRef('later.step', '>', 'logs.step')
                  .where(shownBy(visitorId, 'later', 'later_votes')),
              ),
            ),
          ]),
        )
        .limit(options.limit + 1);
      const after = options.after;
      if (after) {
        query = query.where((eb) =>
          eb.or([eb('logs.created_at', '<', after.createdAt), eb.and([eb('logs.created_at', '=', after.createdAt), eb('logs.id', '<', after.id)])]),
        );
      }
      const rows = await query.execute();
      const shown = rows.slice(0, options.limit);
      const last = shown.at(-1);
      const next = rows.length > options.limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null;
      const conversationIds = [...new Set(shown.flatMap((row) => (row.conversation_id === null ? [] : [row.conversation_id])))];
      const earlier =
        conversationIds.length === 0
          ? []
          : await withVotes()
              .where(shownBy(visitorId))
              .where('logs.conversation_id', 'in', conversationIds)
              .where('logs.id', 'not in', shown.map((row) => row.id))
              .orderBy('logs.step', 'desc')
              .execute();
      const record = (row: HistoryRow) => toLogRecord(row, options.withSettings);
      return {
        records: shown.flatMap((row) => (row.conversation_id === null ? [record(row)] : [row, ...earlier.filter((turn) => turn.conversation_id === row.conversation_id)].map(record))),
        next,
      };
    },

    /** The whole log, for the downloads. */
    async all(visitorId: string): Promise<TLogRecord[]> {
      return (await loggedBy(visitorId).execute()).map((row) => toLogRecord(row, false, true));
    },

    /** The log if this visitor made it, logged or not (every comparison may be shared), with its blind vote state. */
    async findOwned(logId: string, visitorId: string) {
      return db
        .selectFrom('logs')
        .leftJoin('comparison_votes', 'comparison_votes.log_id', 'logs.id')
        .select(['logs.id', 'logs.conversation_id', 'comparison_votes.answer_a', 'comparison_votes.choice', 'comparison_votes.revealed_at'])
        .where('logs.id', '=', logId)
        .where('logs.visitor_id', '=', visitorId)
        .executeTakeFirst();
    },
  };
}
export type LogHistoryRepository = ReturnType<typeof createLogHistoryRepository>;
