import type { TBatchJob } from '@promptpair/contract';

/** A run as GET /api/batch/:id answers it, a quarter of the way through. */
export const aJob = (overrides: Partial<TBatchJob> = {}): TBatchJob => ({
  id: 'job-1',
  filename: 'prompts.txt',
  status: 'running',
  total: 200,
  done: 48,
  failed: 2,
  pending: 150,
  createdAt: '2026-01-01T10:00:00.000Z',
  finishedAt: null,
  elapsedSeconds: 65,
  etaSeconds: 190,
  error: null,
  ...overrides,
});
