import { BATCH_LIMITS, type TBatchJob } from '@promptpair/contract';
import { useCallback, useEffect, useState } from 'react';
import { cancelRun, getLatestRun, getRun } from '../api/batch-api.ts';

/**
 * The visitor's latest prompt-list run, kept live: found again after a reload (when `lookUp`),
 * then read every second while it runs. A failed read is logged and tried again next second.
 */
export function usePromptListRun(lookUp: boolean) {
  const [job, setJob] = useState<TBatchJob | null>(null);

  useEffect(() => {
    if (!lookUp) return;
    let current = true;
    getLatestRun().then(
      (latest) => current && setJob((shown) => shown ?? latest.job),
      (error: unknown) => console.error('Could not look up the latest prompt list run.', error),
    );
    return () => {
      current = false;
    };
  }, [lookUp]);

  const runningId = job?.status === 'running' ? job.id : null;
  useEffect(() => {
    if (runningId === null) return;
    const timer = setTimeout(() => {
      getRun(runningId).then(
        (fresh) => setJob((shown) => (shown?.id === fresh.id ? fresh : shown)),
        (error: unknown) => {
          console.error('Could not read the run progress.', error);
          setJob((shown) => (shown ? { ...shown } : shown)); // a new object schedules the next read
        },
      );
    }, BATCH_LIMITS.pollMs);
    return () => clearTimeout(timer);
  }, [runningId, job]);

  const cancel = useCallback(async () => {
    if (runningId === null) return;
    const cancelled = await cancelRun(runningId);
    setJob((shown) => (shown?.id === cancelled.id ? cancelled : shown));
  }, [runningId]);

  return { job, track: setJob as (job: TBatchJob) => void, cancel };
}
