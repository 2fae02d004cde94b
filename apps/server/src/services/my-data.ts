import { BATCH_STATUSES, MESSAGES, sharedChatPagePath, ZLogServiceData, type BatchStatus, type TMyData, type TMyDataDeleted, type Side, type TMyDataExport, type TVoteChoice } from '@promptpair/contract';
import type { Database } from '../db/database.ts';
import { createBatchJobsRepository } from '../db/repositories/batch-jobs.ts';
import { createSubscriptionsRepository } from '../db/repositories/subscriptions.ts';
import { createVisitorDataRepository } from '../db/repositories/visitor-data.ts';
import { ApiError } from '../lib/api-error.ts';
import type { BatchRunner } from './batch/batch-runner.ts';
import type { SubscriptionService } from './subscription/subscription-service.ts';

export interface MyDataDeps {
  db: Database;
  subscriptions: SubscriptionService;
  batchRunner: BatchRunner;
}

const asStatus = (status: string): BatchStatus => ((BATCH_STATUSES as readonly string[]).includes(status) ? (status as BatchStatus) : 'failed');

/** A stored side as it was stored (whether 'log output' was ticked or not): it is the visitor's own. */
function storedSide(json: string) {
  try {
    const parsed = ZLogServiceData.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function parseSettings(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

/** "Your data": see, download and delete what is kept under the visitor cookie (docs/decisions.md). */
export function createMyDataService(deps: MyDataDeps) {
  const data = createVisitorDataRepository(deps.db);
  const jobs = createBatchJobsRepository(deps.db);
  const subscriptionRows = createSubscriptionsRepository(deps.db);

  return {
    async overview(visitorId: string): Promise<TMyData> {
      const [overview, keys, row] = await Promise.all([data.overview(visitorId), deps.subscriptions.storedKeys(visitorId), subscriptionRows.findByVisitor(visitorId)]);
      return {
        freePromptsUsed: overview.freePromptsUsed,
        comparisons: overview.comparisons,
        conversations: overview.conversations,
        // Keys masked as GET /api/get-api-key shows them; null when they can no longer be read.
        subscription: row ? { email: row.email, chatgptKey: keys?.chatgptKey ?? null, palmapiKey: keys?.palmapiKey ?? null, status: row.status, created_at: row.created_at } : null,
        promptListRuns: overview.runs.map((run) => ({ ...run, status: asStatus(run.status) })),
        contactMessages: overview.contactMessages,
      };
    },

    /** The download: everything in full, except keys (not even masked: the file may travel). */
    async exportAll(visitorId: string): Promise<TMyDataExport> {
      const [all, row] = await Promise.all([data.everything(visitorId), subscriptionRows.findByVisitor(visitorId)]);
      const promptsOf = new Map<string, string[]>();
      for (const item of all.items) promptsOf.set(item.job_id, [...(promptsOf.get(item.job_id) ?? []), item.prompt]);
      return {
        exportedAt: new Date().toISOString(),
        visitor: { freePromptsUsed: all.visitor?.free_used ?? 0, firstSeen: all.visitor?.created_at ?? null },
        comparisons: all.logs.map((log) => ({
          id: log.id,
          created_at: log.created_at,
          prompt: log.prompt_message,
          chatGPT: storedSide(log.side_a_data),
          palmAPI: storedSide(log.side_b_data),
          logOutput: { chatGPT: log.side_a_log_output === 1, palmAPI: log.side_b_log_output === 1 },
          sharePath: log.hash ? sharedChatPagePath(log.hash) : null,
          blind: log.answer_a ? { answerA: log.answer_a as Side, choice: log.choice as TVoteChoice | null, votedAt: log.voted_at } : null,
          ...(log.conversation_id !== null && log.turn !== null ? { conversation: { id: log.conversation_id, turn: log.turn } } : {}),
        })),
        subscription: row ? { email: row.email, status: row.status, created_at: row.created_at, updated_at: row.updated_at, keysSaved: true } : null,
        promptListRuns: all.runs.map((run) => ({
          id: run.id,
          filename: run.filename,
          status: asStatus(run.status),
          total: run.total,
          created_at: run.created_at,
          finished_at: run.finished_at,
          uploaded_from: run.client_ip,
          settings: parseSettings(run.settings),
          prompts: promptsOf.get(run.id) ?? [],
        })),
        contactMessages: all.messages,
      };
    },

    /** One comparison and its share link; another visitor's (or an unknown) id is 404, so ids cannot be probed. */
    async deleteComparison(visitorId: string, logId: string): Promise<void> {
      if (!(await data.deleteComparison(visitorId, logId))) throw new ApiError('not_found', MESSAGES.notFound);
    },

    /** Every turn of one conversation, with their share links and votes; another visitor's (or an unknown) id is 404. */
    async deleteConversation(visitorId: string, conversationId: string): Promise<void> {
      if (!(await data.deleteConversation(visitorId, conversationId))) throw new ApiError('not_found', MESSAGES.notFound);
    },

    /** Everything: a running prompt list is cancelled first, so no call starts for it any more. */
    async deleteAll(visitorId: string): Promise<TMyDataDeleted> {
      const running = await jobs.latest(visitorId);
      if (running?.status === 'running' && (await jobs.finish(running.id, 'cancelled'))) deps.batchRunner.abort(running.id);
      return data.deleteAll(visitorId);
    },
  };
}
export type MyDataService = ReturnType<typeof createMyDataService>;
