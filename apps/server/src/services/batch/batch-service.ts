import { BATCH_MESSAGES, type BatchResultFormat, type TBatchJob, type TBatchUpload } from '@promptpair/contract';
import { isUniqueViolation } from '../../db/database.ts';
import { RunRefused } from '../../db/repositories/batch-admission.ts';
import type { BatchItemsRepository } from '../../db/repositories/batch-items.ts';
import type { BatchJobRow, BatchJobsRepository } from '../../db/repositories/batch-jobs.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { LogSide } from '../../db/repositories/side-columns.ts';
import { namedSides } from '../named-sides.ts';
import type { ServiceNames } from '../scoreboard.ts';
import type { SubscriptionService } from '../subscription/subscription-service.ts';
import type { BatchRunner } from './batch-runner.ts';
import { describeJob } from './describe-job.ts';
import type { RunSettings } from './job-run.ts';
import { parsePromptList } from './prompt-list/parse-prompt-list.ts';
import { exportResults, summarizeResults } from './results-export.ts';
import type { RunAdmissionService } from './run-admission.ts';

export interface BatchServiceDeps {
  jobs: BatchJobsRepository;
  items: BatchItemsRepository;
  runner: BatchRunner;
  subscriptions: SubscriptionService;
  /** Workers per job (BATCH_CONCURRENCY). */
  concurrency: number;
  /** Limits per address and in total (run-admission.ts). */
  admission: RunAdmissionService;
  /** A service's display name, for naming a run's sides. */
  serviceNames?: ServiceNames;
}

/** A run on a pair other than the spec's as planned at upload (routes/batch/run-pair.ts): what each side runs on and is sent. */
export interface RunPairPlan {
  a: { log: LogSide; settings: Record<string, unknown> };
  b: { log: LogSide; settings: Record<string, unknown> };
}

/** The upload's spec-named settings by side. Keys come from the subscription and 'log output' does not apply to runs, so neither is stored. */
function runSettings(upload: TBatchUpload): RunSettings {
  const { apiKey: _chatKey, logOutput: _chatLog, ...a } = upload.chatGPT ?? {};
  const { apiKey: _bardKey, logOutput: _bardLog, ...b } = upload.bardAPI ?? {};
  return { a, b };
}

/** What the batch routes do: every read and change is scoped to the visitor who owns the run. */
export function createBatchService(deps: BatchServiceDeps) {
  const { jobs, items } = deps;
  const names: ServiceNames = deps.serviceNames ?? ((id) => id);
  const describe = async (row: BatchJobRow): Promise<TBatchJob> => {
    const sides = namedSides(row, names);
    return { ...describeJob(row, await items.counts(row.id)), ...(sides ? { sides } : {}) };
  };

  async function owned(visitorId: string, id: string): Promise<BatchJobRow> {
    const row = await jobs.findOwned(id, visitorId);
    if (!row) throw new ApiError('not_found', BATCH_MESSAGES.notFound);
    return row;
  }

  return {
    /**
     * Starts a run, or refuses it whole: 403, 422, 409 (this visitor's list runs), 429 (a limit of runs, with Retry-After).
     * `planPair` plans a run on a pair other than the spec's, once the visitor is known to subscribe.
     */
    async upload(visitorId: string, upload: TBatchUpload, clientIp: string, planPair?: () => Promise<RunPairPlan>): Promise<TBatchJob> {
      if (!(await deps.subscriptions.isSubscribed(visitorId))) throw new ApiError('subscription_required', BATCH_MESSAGES.subscriptionRequired);
      const list = parsePromptList(upload.filename, upload.content);
      if (!list.ok) throw new ApiError('validation_failed', list.problems[0] ?? '', { content: list.problems });
      deps.admission.assertFits(list.prompts.length);
      const pair = planPair ? await planPair() : undefined;
      const alreadyRunning = () => new ApiError('conflict', BATCH_MESSAGES.alreadyRunning);
      if (await jobs.hasRunning(visitorId)) throw alreadyRunning();
      const admission = deps.admission.forUpload(clientIp);
      // Each side's settings by its place: a general pair's as checked, the spec's pair's as the page sent them.
      const settings = JSON.stringify(pair ? { a: pair.a.settings, b: pair.b.settings } : runSettings(upload));
      const sides = pair ? { sides: { a: pair.a.log, b: pair.b.log } } : {};
      const newJob = { visitorId, filename: upload.filename, settings, concurrency: deps.concurrency, prompts: list.prompts, admission, ...sides };
      // The check above is for the usual case; a parallel upload that passed it meets the unique index (migration 005).
      // The limits per address and in total are counted inside the transaction that would create the run.
      const id = await jobs.create(newJob).catch(async (error: unknown) => {
        if (error instanceof RunRefused) throw await deps.admission.refusal(error.refusal, admission, list.prompts.length);
        throw isUniqueViolation(error) ? alreadyRunning() : error;
      });
      deps.runner.launch(id);
      return describe(await owned(visitorId, id));
    },

    async latest(visitorId: string): Promise<TBatchJob | null> {
      const row = await jobs.latest(visitorId);
      return row ? describe(row) : null;
    },

    async get(visitorId: string, id: string): Promise<TBatchJob> {
      return describe(await owned(visitorId, id));
    },

    /** Stops a run: no new calls start, calls in flight are aborted, what finished stays. */
    async cancel(visitorId: string, id: string): Promise<TBatchJob> {
      await owned(visitorId, id);
      if (await jobs.finish(id, 'cancelled')) deps.runner.abort(id);
      return describe(await owned(visitorId, id));
    },

    async results(visitorId: string, id: string, format: BatchResultFormat) {
      const row = await owned(visitorId, id);
      return { filename: row.filename, lines: exportResults(items, id, format, namedSides(row, names)) };
    },

    async summary(visitorId: string, id: string) {
      await owned(visitorId, id);
      return summarizeResults(items, id);
    },
  };
}
export type BatchService = ReturnType<typeof createBatchService>;
