import type { Side, TLogServiceData } from '@promptpair/contract';
import type { Database } from '../database.ts';
import { sideColumns, SPEC_SIDES, type LogSides } from './side-columns.ts';
import type { SentSettingsBySide } from './logs.ts';

export interface PendingItem {
  idx: number;
  prompt: string;
  logId: string;
}

/** One finished prompt: both sides' answers, each possibly an error. */
export interface ItemCompletion {
  item: PendingItem;
  a: TLogServiceData;
  b: TLogServiceData;
  /** What each side was sent with (never a key), the model included (services/batch/job-run.ts). */
  settings: SentSettingsBySide;
  /** Each side's service, kind and model for a run on a pair other than the spec's (migration 012). */
  sides?: LogSides;
}

/** The run a completion belongs to, and whose it is. */
export interface CompletedRun {
  id: string;
  visitorId: string;
}

export interface ItemCounts {
  done: number;
  failed: number;
  pending: number;
}

const failedSide = (side: TLogServiceData) => Boolean(side.errorMsg);

/** Prompts per statement when finishing them: 500 × 16 parameters, far below either database's limit. */
const CHUNK = 500;

/** The prompts of runs (migration 004) and their log records. */
export function createBatchItemsRepository(db: Database) {
  return {
    async pending(jobId: string): Promise<PendingItem[]> {
      const rows = await db
        .selectFrom('batch_items')
        .select(['idx', 'prompt', 'log_id'])
        .where('job_id', '=', jobId)
        .where('status', '=', 'pending')
        .orderBy('idx')
        .execute();
      return rows.map((row) => ({ idx: row.idx, prompt: row.prompt, logId: row.log_id }));
    },

    async counts(jobId: string): Promise<ItemCounts> {
      const rows = await db
        .selectFrom('batch_items')
        .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
        .where('job_id', '=', jobId)
        .groupBy('status')
        .execute();
      const counts: ItemCounts = { done: 0, failed: 0, pending: 0 };
      for (const row of rows) if (row.status in counts) counts[row.status as keyof ItemCounts] = Number(row.n);
      return counts;
    },

    /**
     * Records finished prompts in one transaction: their status (only from pending) and their log
     * records (insert-if-absent on the id fixed at upload). Repeating it after a crash changes nothing,
     * so each prompt has exactly one record however often it ran. Batch records are logged on both
     * sides: the run exists to collect them (docs/decisions.md). Each record keeps what its prompt was
     * sent with, as a single comparison's does, for the shared page.
     */
    async complete(job: CompletedRun, completions: readonly ItemCompletion[]): Promise<void> {
      if (completions.length === 0) return;
      const at = new Date().toISOString();
      const kept = (side: object | null) => (side ? JSON.stringify(side) : null);
      await db.transaction().execute(async (trx) => {
        // In chunks: one group commit can hold as many prompts as finished meanwhile (BATCH_CONCURRENCY
        // has no ceiling), and SQLite takes at most 32,766 parameters per statement (16 per record here).
        for (let start = 0; start < completions.length; start += CHUNK) {
          const chunk = completions.slice(start, start + CHUNK);
          // Rows first, then records for the rows this moved: a prompt whose row has gone (its run was
          // deleted by its visitor, routes/my-data) gets no record, and one already finished none again.
          const moved = new Set<number>();
          const failed = chunk.filter((c) => failedSide(c.a) || failedSide(c.b)).map((c) => c.item.idx);
          const done = chunk.filter((c) => !failedSide(c.a) && !failedSide(c.b)).map((c) => c.item.idx);
          for (const [status, indexes] of [['done', done], ['failed', failed]] as const) {
            if (indexes.length === 0) continue;
            const rows = await trx
              .updateTable('batch_items')
              .set({ status, finished_at: at })
              .where('job_id', '=', job.id)
              .where('idx', 'in', indexes)
              .where('status', '=', 'pending')
              .returning('idx')
              .execute();
            for (const row of rows) moved.add(row.idx);
          }
          const recorded = chunk.filter((c) => moved.has(c.item.idx));
          if (recorded.length === 0) continue;
          await trx
            .insertInto('logs')
            .values(
              recorded.map(({ item, a, b, settings, sides = SPEC_SIDES }) => ({
                id: item.logId,
                visitor_id: job.visitorId,
                prompt_message: item.prompt,
                side_a_data: JSON.stringify(a),
                side_b_data: JSON.stringify(b),
                side_a_log_output: 1,
                side_b_log_output: 1,
                side_a_settings: kept(settings.a),
                side_b_settings: kept(settings.b),
                created_at: at,
                ...sideColumns(sides),
              })),
            )
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
        }
      });
    },

    /** Finished prompts in list order with their records and votes, a page after `afterIdx`. */
    resultsPage(jobId: string, afterIdx: number, limit: number) {
      return db
        .selectFrom('batch_items')
        .innerJoin('logs', 'logs.id', 'batch_items.log_id')
        .leftJoin('comparison_votes', 'comparison_votes.log_id', 'batch_items.log_id')
        .select(['batch_items.idx', 'batch_items.prompt', 'batch_items.status', 'logs.side_a_data', 'logs.side_b_data', 'logs.created_at'])
        .select(VOTE_SELECTION)
        .where('batch_items.job_id', '=', jobId)
        .where('batch_items.status', '!=', 'pending')
        .where('batch_items.idx', '>', afterIdx)
        .orderBy('batch_items.idx')
        .limit(limit)
        .execute();
    },

    /**
     * The prompts from `fromIdx` (inclusive) to `toIdx` (exclusive), finished or not, with their
     * records (absent while pending, or once deleted) and votes: what the results view shows.
     */
    viewRange(jobId: string, fromIdx: number, toIdx: number) {
      return db
        .selectFrom('batch_items')
        .leftJoin('logs', 'logs.id', 'batch_items.log_id')
        .leftJoin('comparison_votes', 'comparison_votes.log_id', 'batch_items.log_id')
        .select(['batch_items.idx', 'batch_items.prompt', 'batch_items.status', 'batch_items.log_id', 'batch_items.answer_a as shown_a', 'logs.side_a_data', 'logs.side_b_data'])
        .select(VOTE_SELECTION)
        .where('batch_items.job_id', '=', jobId)
        .where('batch_items.idx', '>=', fromIdx)
        .where('batch_items.idx', '<', toIdx)
        .orderBy('batch_items.idx')
        .execute();
    },

    /**
     * The order a prompt is shown in: drawn on first need and kept. Of two requests that draw at
     * once the first write wins, and both read back what was kept.
     */
    async shownOrder(jobId: string, idx: number, draw: () => Side): Promise<Side> {
      await db
        .updateTable('batch_items')
        .set({ answer_a: draw() })
        .where('job_id', '=', jobId)
        .where('idx', '=', idx)
        .where('answer_a', 'is', null)
        .execute();
      const row = await db.selectFrom('batch_items').select('answer_a').where('job_id', '=', jobId).where('idx', '=', idx).executeTakeFirstOrThrow();
      return row.answer_a as Side;
    },
  };
}

/** A prompt's vote, as log-history and the downloads read it (all null while it has none). */
const VOTE_SELECTION = [
  'comparison_votes.answer_a',
  'comparison_votes.choice',
  'comparison_votes.side_a_self_named',
  'comparison_votes.side_b_self_named',
  'comparison_votes.voted_at',
] as const;
export type BatchItemsRepository = ReturnType<typeof createBatchItemsRepository>;
