import { ZTurnChoice, type TTurnChoice } from '@promptpair/contract';
import type { Database } from '../database.ts';

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
  sides: { a: { service: string; model: string | null }; b: { service: string; model: string | null } };
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
        .select(['turn', 'step', 'turn_choice', 'prompt_message', 'chatgpt_data', 'palm_data', 'chatgpt_settings', 'palm_settings', 'side_a_service', 'side_a_model', 'side_b_service', 'side_b_model', 'chatgpt_log_output', 'palm_log_output'])
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
          aJson: row.chatgpt_data,
          bJson: row.palm_data,
          aSettings: row.chatgpt_settings,
          bSettings: row.palm_settings,
          sides: { a: { service: row.side_a_service, model: row.side_a_model }, b: { service: row.side_b_service, model: row.side_b_model } },
          logOutput: { a: row.chatgpt_log_output === 1, b: row.palm_log_output === 1 },
          ...(choice ? { choice } : {}),
        };
      });
    },
  };
}
export type ConversationsRepository = ReturnType<typeof createConversationsRepository>;
