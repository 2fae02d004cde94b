import { randomUUID } from 'node:crypto';
import type { TLogServiceData, TSentSettings } from '@promptpair/contract';
import type { Database } from '../database.ts';

export interface NewLog {
  visitorId: string;
  prompt: string;
  chatGPT: TLogServiceData;
  palm: TLogServiceData;
  chatGPTLogOutput: boolean;
  palmLogOutput: boolean;
  /** What each side was sent with, keys already removed; shown on the shared page. */
  settings?: TSentSettings;
}

/** The comparison log: one row per comparison, the service data kept as JSON text (SPEC §3). */
export function createLogsRepository(db: Database) {
  return {
    async insert(log: NewLog): Promise<string> {
      const id = randomUUID();
      await db
        .insertInto('logs')
        .values({
          id,
          visitor_id: log.visitorId,
          prompt_message: log.prompt,
          chatgpt_data: JSON.stringify(log.chatGPT),
          palm_data: JSON.stringify(log.palm),
          chatgpt_log_output: log.chatGPTLogOutput ? 1 : 0,
          palm_log_output: log.palmLogOutput ? 1 : 0,
          chatgpt_settings: log.settings?.chatGPT ? JSON.stringify(log.settings.chatGPT) : null,
          palm_settings: log.settings?.palmAPI ? JSON.stringify(log.settings.palmAPI) : null,
          created_at: new Date().toISOString(),
        })
        .execute();
      return id;
    },

    async findById(id: string) {
      return db.selectFrom('logs').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}
export type LogsRepository = ReturnType<typeof createLogsRepository>;
