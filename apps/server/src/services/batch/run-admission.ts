import { RUN_LIMIT_MESSAGES } from '@promptpair/contract';
import type { RunLimits } from '../../config/env.ts';
import type { AdmissionRefusal, RunAdmission } from '../../db/repositories/batch-admission.ts';
import type { BatchItemsRepository } from '../../db/repositories/batch-items.ts';
import type { BatchJobsRepository } from '../../db/repositories/batch-jobs.ts';
import { ApiError } from '../../lib/api-error.ts';
import { describeJob } from './describe-job.ts';

/** Retry-After of a refused upload: the soonest a running run should end, within these bounds. */
export const RUN_RETRY_AFTER = { unknownSeconds: 60, minSeconds: 10, maxSeconds: 6 * 3600 } as const;

export interface RunAdmissionDeps {
  jobs: BatchJobsRepository;
  items: BatchItemsRepository;
  limits: RunLimits;
  /** False under RATE_LIMITS=visitor or off: every per-IP limit goes, these included. */
  perIp: boolean;
  /** The clock the runs' pace is read against (tests fix it). */
  now?: () => number;
}

/**
 * The limits a prompt-list upload must fit besides the one running list per visitor
 * (docs/decisions.md, "Prompt-list runs: limits per address"). The counting happens in the
 * upload's transaction (db/repositories/batch-admission.ts); this turns a refusal into its answer.
 */
export function createRunAdmission({ jobs, items, limits, perIp, now = Date.now }: RunAdmissionDeps) {
  /** Seconds until the soonest of these runs should end, from the pace of each (describe-job.ts). */
  async function soonestEnd(rows: Awaited<ReturnType<BatchJobsRepository['running']>>): Promise<number> {
    const etas = await Promise.all(rows.map(async (row) => describeJob(row, await items.counts(row.id), now()).etaSeconds));
    const known = etas.filter((eta): eta is number => eta !== null);
    const soonest = known.length > 0 ? Math.min(...known) : RUN_RETRY_AFTER.unknownSeconds;
    return Math.ceil(Math.min(RUN_RETRY_AFTER.maxSeconds, Math.max(RUN_RETRY_AFTER.minSeconds, soonest)));
  }

  return {
    /** What the upload from this address must fit. Addresses are kept as ip_usage keeps them: 64 characters. */
    forUpload(clientIp: string): RunAdmission {
      return {
        clientIp: perIp ? clientIp.slice(0, 64) : null,
        runsPerIp: limits.runsPerIp,
        runsTotal: limits.runsTotal,
        queuedPromptsPerIp: limits.queuedPromptsPerIp,
      };
    },

    /** A list longer than an address may ever have waiting: 422, since trying again later cannot help. */
    assertFits(promptCount: number): void {
      const limit = limits.queuedPromptsPerIp;
      if (!perIp || limit === 0 || promptCount <= limit) return;
      const message = RUN_LIMIT_MESSAGES.listOverQueueLimit(promptCount, limit);
      throw new ApiError('validation_failed', message, { content: [message] });
    },

    /** The 429 for a refused run, its Retry-After and message saying when to try again. */
    async refusal(refused: AdmissionRefusal, admission: RunAdmission, promptCount: number): Promise<ApiError> {
      const ip = admission.clientIp ?? undefined;
      const retryAfter = await soonestEnd(await jobs.running(refused.limit === 'runsTotal' ? undefined : ip));
      const message =
        refused.limit === 'runsPerIp'
          ? RUN_LIMIT_MESSAGES.runsPerIp(admission.runsPerIp, retryAfter)
          : refused.limit === 'runsTotal'
            ? RUN_LIMIT_MESSAGES.runsTotal(retryAfter)
            : RUN_LIMIT_MESSAGES.queuedPerIp(refused.waiting, promptCount, admission.queuedPromptsPerIp, retryAfter);
      return new ApiError('run_limit_reached', message, undefined, retryAfter);
    },
  };
}
export type RunAdmissionService = ReturnType<typeof createRunAdmission>;
