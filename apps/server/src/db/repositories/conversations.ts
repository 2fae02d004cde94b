import type { Database } from '../database.ts';

/** One logged turn of a conversation, as its history is rebuilt from it (migration 014). */
export interface LoggedTurn {
  turn: number;
  prompt: string;
  /** Each side's result as the log holds it (JSON text), and its sent settings without the key. */
  aJson: string;
  bJson: string;
  aSettings: string | null;
  bSettings: string | null;
  sides: { a: { service: string; model: string | null }; b: { service: string; model: string | null } };
  /** Whether each side's 'log output' was ticked on this turn. */
  logOutput: { a: boolean; b: boolean };
}

/** A conversation is read back from the log: only its own visitor's rows, so another's id finds nothing. */
export function createConversationsRepository(db: Database) {
  return {
    async turnsOf(visitorId: string, conversationId: string): Promise<LoggedTurn[]> {
      const rows = await db
        .selectFrom('logs')
        .select(['turn', 'prompt_message', 'chatgpt_data', 'palm_data', 'chatgpt_settings', 'palm_settings', 'side_a_service', 'side_a_model', 'side_b_service', 'side_b_model', 'chatgpt_log_output', 'palm_log_output'])
        .where('conversation_id', '=', conversationId)
        .where('visitor_id', '=', visitorId)
        .orderBy('turn')
        .execute();
      return rows.map((row) => ({
        turn: row.turn ?? 1,
        prompt: row.prompt_message,
        aJson: row.chatgpt_data,
        bJson: row.palm_data,
        aSettings: row.chatgpt_settings,
        bSettings: row.palm_settings,
        sides: { a: { service: row.side_a_service, model: row.side_a_model }, b: { service: row.side_b_service, model: row.side_b_model } },
        logOutput: { a: row.chatgpt_log_output === 1, b: row.palm_log_output === 1 },
      }));
    },
  };
}
export type ConversationsRepository = ReturnType<typeof createConversationsRepository>;
