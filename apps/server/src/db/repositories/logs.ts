import { randomUUID } from 'node:crypto';
import type { TTurnChoice } from '@promptpair/contract';
import type { Insertable } from 'kysely';
import type { Database } from '../database.ts';
import { precompile } from '../precompiled.ts';
import type { LogsTable } from '../schema.ts';
import type { SqliteExecutor } from '../sqlite-executor.ts';
import { sideColumns, SPEC_SIDES, type LogSides } from './side-columns.ts';

export interface NewLog {
  /** Chosen by the caller when it must name the log before it is written (a streamed comparison). */
  id?: string;
  visitorId: string;
  prompt: string;
  /** Each side's result (TLogServiceData) as JSON text: the caller serialises it once, for the log and its answer. */
  aJson: string;
  bJson: string;
  aLogOutput: boolean;
  bLogOutput: boolean;
  /** What each side was sent with, keys already removed; shown on the shared page. */
  settings?: SentSettingsBySide;
  /** Which service, kind and model each side used; absent: the spec's pair (chatgpt left, palm right), the model unrecorded. */
  sides?: LogSides;
  /**
   * The conversation and this turn's number (migration 014); its place among the conversation's
   * rows (a regenerated answer repeats its turn's number) and the visitor's choice (migration 015).
   */
  conversation?: { id: string; turn: number; step: number; choice?: TTurnChoice | undefined };
}

type LogRow = Insertable<LogsTable>;

/** What each side was sent with, without its key, as a log's settings columns keep it (side a, side b). */
export interface SentSettingsBySide {
  a: object | null;
  b: object | null;
}

/**
 * The comparison log: one row per comparison, the service data kept as JSON text (docs/product.md §3).
 * Every comparison writes one row: the insert is compiled once, and on SQLite run by `sqlite`
 * (db/sqlite-executor.ts) unless a transaction has the connection.
 */
export function createLogsRepository(db: Database, sqlite?: SqliteExecutor) {
  // A column left out here is caught at the first insert (db/precompiled.ts).
  const insertRow = precompile<Required<LogRow>>((p) =>
    db.insertInto('logs').values({
      id: p.id,
      visitor_id: p.visitor_id,
      prompt_message: p.prompt_message,
      side_a_data: p.side_a_data,
      side_b_data: p.side_b_data,
      side_a_log_output: p.side_a_log_output,
      side_b_log_output: p.side_b_log_output,
      side_a_settings: p.side_a_settings,
      side_b_settings: p.side_b_settings,
      created_at: p.created_at,
      side_a_service: p.side_a_service,
      side_a_kind: p.side_a_kind,
      side_a_model: p.side_a_model,
      side_b_service: p.side_b_service,
      side_b_kind: p.side_b_kind,
      side_b_model: p.side_b_model,
      conversation_id: p.conversation_id,
      turn: p.turn,
      turn_choice: p.turn_choice,
      step: p.step,
    }),
  );
  return {
    async insert(log: NewLog): Promise<string> {
      const id = log.id ?? randomUUID();
      const row: Required<LogRow> = {
        id,
        visitor_id: log.visitorId,
        prompt_message: log.prompt,
        side_a_data: log.aJson,
        side_b_data: log.bJson,
        side_a_log_output: log.aLogOutput ? 1 : 0,
        side_b_log_output: log.bLogOutput ? 1 : 0,
        side_a_settings: log.settings?.a ? JSON.stringify(log.settings.a) : null,
        side_b_settings: log.settings?.b ? JSON.stringify(log.settings.b) : null,
        created_at: new Date().toISOString(),
        ...sideColumns(log.sides ?? SPEC_SIDES),
        conversation_id: log.conversation?.id ?? null,
        turn: log.conversation?.turn ?? null,
        turn_choice: log.conversation?.choice ? JSON.stringify(log.conversation.choice) : null,
        step: log.conversation?.step ?? null,
      };
      if (sqlite?.free) sqlite.run(insertRow.bind(row));
      else await insertRow(db, row);
      return id;
    },

    async findById(id: string) {
      return db.selectFrom('logs').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}
export type LogsRepository = ReturnType<typeof createLogsRepository>;
