import { RUN_LIMIT_MESSAGES } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import type { ItemCounts, BatchItemsRepository } from '../../db/repositories/batch-items.ts';
import type { BatchJobRow, BatchJobsRepository } from '../../db/repositories/batch-jobs.ts';
import { createRunAdmission, RUN_RETRY_AFTER } from './run-admission.ts';

// How long a refused upload is told to wait: the soonest end of the runs in its way, from each
// run's pace (describe-job.ts), within RUN_RETRY_AFTER's bounds. The counting itself is tested
// over HTTP on both databases (routes/batch/run-limits.test.ts).

const LIMITS = { runsPerIp: 1, runsTotal: 10, uploadsPerIpPerHour: 20, queuedPromptsPerIp: 100 };
/** The admission's clock, fixed: a pace read a few milliseconds later would round differently. */
const NOW = Date.parse('2026-06-01T12:00:00Z');

/** A run that started `secondsAgo` and has finished `done` of its prompts since. */
function run(id: string, secondsAgo: number, done: number, pending: number): { row: BatchJobRow; counts: ItemCounts } {
  const startedAt = new Date(NOW - secondsAgo * 1000).toISOString();
  const row = { id, status: 'running', created_at: startedAt, finished_at: null, run_started_at: startedAt, run_start_finished: 0, total: done + pending } as BatchJobRow;
  return { row, counts: { done, failed: 0, pending } };
}

function admissionOver(runs: ReturnType<typeof run>[]) {
  const jobs = { running: () => Promise.resolve(runs.map((r) => r.row)) } as unknown as BatchJobsRepository;
  const items = { counts: (id: string) => Promise.resolve(runs.find((r) => r.row.id === id)!.counts) } as unknown as BatchItemsRepository;
  return createRunAdmission({ jobs, items, limits: LIMITS, perIp: true, now: () => NOW });
}

describe('a refused upload’s Retry-After', () => {
  const admission = { clientIp: '10.0.0.1', ...LIMITS };

  it('is the soonest end among the runs in the way, in the message as well', async () => {
    // 10 of 100 in 10 s: 90 s left; 40 of 50 in 20 s: 5 s left, raised to the 10 s floor.
    const slow = admissionOver([run('slow', 10, 10, 90)]);
    const refused = await slow.refusal({ limit: 'runsPerIp' }, admission, 5);
    expect(refused.retryAfterSeconds).toBe(90);
    expect(refused.statusCode).toBe(429);
    expect(refused.message).toBe(RUN_LIMIT_MESSAGES.runsPerIp(1, 90));
    expect(refused.message).toBe('A prompt list from your network address is already running, and this server runs one at a time per address. Try again when it has finished, in about 2 minutes.');
    const both = admissionOver([run('slow', 10, 10, 90), run('fast', 20, 40, 10)]);
    expect((await both.refusal({ limit: 'runsTotal' }, admission, 5)).retryAfterSeconds).toBe(RUN_RETRY_AFTER.minSeconds);
  });

  it('is a minute while no run has a pace yet, and at most six hours', async () => {
    expect((await admissionOver([run('new', 1, 0, 100)]).refusal({ limit: 'runsPerIp' }, admission, 1)).retryAfterSeconds).toBe(60);
    const crawling = await admissionOver([run('crawl', 3600, 1, 9999)]).refusal({ limit: 'queuedPromptsPerIp', waiting: 9999 }, admission, 50);
    expect(crawling.retryAfterSeconds).toBe(6 * 3600);
    expect(crawling.message).toBe(
      'The prompt lists running from your network address still have 9,999 prompts to answer, and this list would add 50: more than the 100 this server takes per address. Try again in about 6 hours, or upload a shorter list.',
    );
  });

  it('names no address when per-IP limits are off, and lets any list length through then', () => {
    const off = createRunAdmission({ jobs: {} as BatchJobsRepository, items: {} as BatchItemsRepository, limits: LIMITS, perIp: false });
    expect(off.forUpload('10.0.0.1').clientIp).toBeNull();
    expect(() => off.assertFits(5000)).not.toThrow();
    const on = admissionOver([]);
    expect(on.forUpload(`2001:db8::${'f'.repeat(80)}`).clientIp).toHaveLength(64);
    expect(() => on.assertFits(101)).toThrow(RUN_LIMIT_MESSAGES.listOverQueueLimit(101, 100));
  });
});
