import { randomUUID } from 'node:crypto';
import type { TSentSettings } from '@promptpair/contract';
import type { Insertable } from 'kysely';
import type { Database } from '../database.ts';
import type { LogsTable } from '../schema.ts';

export interface NewLog {
  /** Chosen by the caller when it must name the log before it is written (a streamed comparison). */
  id?: string;
  visitorId: string;
  prompt: string;
  /** Each side's result (TLogServiceData) as JSON text: the caller serialises it once, for the log and its answer. */
  chatGPTJson: string;
  palmJson: string;
  chatGPTLogOutput: boolean;
  palmLogOutput: boolean;
  /** What each side was sent with, keys already removed; shown on the shared page. */
  settings?: TSentSettings;
}

type LogRow = Insertable<LogsTable>;

/** The comparison log: one row per comparison, the service data kept as JSON text (docs/product.md §3). */
export function createLogsRepository(db: Database) {
  return {
    async insert(log: NewLog): Promise<string> {
      const id = log.id ?? randomUUID();
      const row: LogRow = {
        id,
        visitor_id: log.visitorId,
        prompt_message: log.prompt,
        chatgpt_data: log.chatGPTJson,
        palm_data: log.palmJson,
        chatgpt_log_output: log.chatGPTLogOutput ? 1 : 0,
        palm_log_output: log.palmLogOutput ? 1 : 0,
        chatgpt_settings: log.settings?.chatGPT ? JSON.stringify(log.settings.chatGPT) : null,
        palm_settings: log.settings?.palmAPI ? JSON.stringify(log.settings.palmAPI) : null,
        created_at: new Date().toISOString(),
      };
      await db.insertInto('logs').values(row).execute();
      return id;
    },

    async findById(id: string) {
      return db.selectFrom('logs').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}
export type LogsRepository = ReturnType<typeof createLogsRepository>;
