import { BATCH_LIMITS, BATCH_ROUTES, batchJobPath } from '@promptpair/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock.ts';
import { aJob } from '../test/job-fixture.ts';
import { usePromptListRun } from './use-prompt-list-run.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('usePromptListRun', () => {
  it('finds the latest run after a reload and reads it every second until it ends', async () => {
    let reads = 0;
    const { requests } = mockFetch({
      [`GET ${BATCH_ROUTES.latest}`]: () => Response.json({ job: aJob() }),
      [`GET ${batchJobPath('job-1')}`]: () => Response.json(++reads < 2 ? aJob({ done: 100 }) : aJob({ status: 'completed', done: 198, pending: 0 })),
    });
    const { result } = renderHook(() => usePromptListRun(true));
    await tick(0);
    expect(result.current.job?.done).toBe(48);
    await tick(BATCH_LIMITS.pollMs);
    expect(result.current.job?.done).toBe(100);
    await tick(BATCH_LIMITS.pollMs);
    expect(result.current.job?.status).toBe('completed');
    await tick(BATCH_LIMITS.pollMs * 3);
    expect(requests.filter((r) => r.path === batchJobPath('job-1'))).toHaveLength(2);
  });

  it('does not look anything up for a visitor without saved keys', async () => {
    const { requests } = mockFetch();
    renderHook(() => usePromptListRun(false));
    await tick(BATCH_LIMITS.pollMs * 2);
    expect(requests).toHaveLength(0);
  });
});
