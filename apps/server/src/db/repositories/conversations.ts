import { ZTurnChoice, type TTurnChoice } from '@promptpair/contract';
import type { Database } from '../database.ts';
import { SIDE_COLUMN_NAMES, sidesOf, type LogSides } from './side-columns.ts';

/** One logged turn of a conversation, as its history is rebuilt from it (migrations 014, 015). */
export interface LoggedTurn {
  turn: number;
  /** The row's place in its conversation: a regenerated answer repeats its turn's number, never its step. */
  step: number;
  prompt: string;
  /** Each side's result as the log holds it (JSON text), and its sent settings without the key. */
  aJson: string;
  bJson: string;
  aSettings: string | null;
  bSettings: string | null;
  sides: LogSides;
  /** Whether each side's 'log output' was ticked on this turn. */
  logOutput: { a: boolean; b: boolean };
  /** What the visitor chose for the turn; absent for a plain turn. */
  choice?: TTurnChoice;
}

/** The stored choice, or none for a plain turn (or text this version cannot read). */
export function readTurnChoice(json: string | null): TTurnChoice | undefined {
  if (!json) return undefined;
  try {
    const parsed = ZTurnChoice.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A conversation is read back from the log: only its own visitor's rows, so another's id finds nothing. */
export function createConversationsRepository(db: Database) {
  return {
    async turnsOf(visitorId: string, conversationId: string): Promise<LoggedTurn[]> {
      const rows = await db
        .selectFrom('logs')
        .select(['turn', 'step', 'turn_choice', 'prompt_message', 'side_a_data', 'side_b_data', 'side_a_settings', 'side_b_settings', 'side_a_log_output', 'side_b_log_output', ...SIDE_COLUMN_NAMES])
        .where('conversation_id', '=', conversationId)
        .where('visitor_id', '=', visitorId)
        .orderBy('step')
        .execute();
      return rows.map((row) => {
        const choice = readTurnChoice(row.turn_choice);
        return {
          turn: row.turn ?? 1,
          step: row.step ?? row.turn ?? 1,
          prompt: row.prompt_message,
          aJson: row.side_a_data,
          bJson: row.side_b_data,
          aSettings: row.side_a_settings,
          bSettings: row.side_b_settings,
          sides: sidesOf(row),
          logOutput: { a: row.side_a_log_output === 1, b: row.side_b_log_output === 1 },
          ...(choice ? { choice } : {}),
        };
      });
    },
  };
}
export type ConversationsRepository = ReturnType<typeof createConversationsRepository>;
