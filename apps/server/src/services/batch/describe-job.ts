import type { BatchStatus, TBatchJob } from '@promptpair/contract';
import type { ItemCounts } from '../../db/repositories/batch-items.ts';
import type { BatchJobRow } from '../../db/repositories/batch-jobs.ts';

const ms = (iso: string) => Date.parse(iso);

/**
 * A job as the page shows it. The time left is measured on the current run only (since the
 * process now working the job took it), so time the server was down does not skew the pace.
 */
export function describeJob(row: BatchJobRow, counts: ItemCounts, now = Date.now()): TBatchJob {
  const finished = counts.done + counts.failed;
  let etaSeconds: number | null = null;
  if (row.status === 'running' && row.run_started_at) {
    const sinceRunStart = finished - row.run_start_finished;
    const runMs = now - ms(row.run_started_at);
    if (sinceRunStart > 0 && runMs > 0) etaSeconds = Math.round((counts.pending * runMs) / sinceRunStart / 100) / 10;
  }
  return {
    id: row.id,
    filename: row.filename,
    status: row.status as BatchStatus,
    total: row.total,
    ...counts,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    elapsedSeconds: Math.max(0, Math.round(((row.finished_at ? ms(row.finished_at) : now) - ms(row.created_at)) / 100) / 10),
    etaSeconds,
    error: row.error,
  };
}
