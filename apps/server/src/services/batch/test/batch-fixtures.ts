import { API_ROUTES, BATCH_ROUTES, batchJobPath, type TBatchJob, type TBatchUploadInput } from '@promptpair/contract';
import { expect } from 'vitest';
import type { TestClient } from '../../../test/test-client.ts';

export const SUBSCRIBER_KEYS = { chatgpt_key: 'sk-batch-subscriber-key-000111', palmapi_key: 'AIza-batch-subscriber-key-222333' };

/** A browser visitor with a saved subscription. */
export async function subscribe(client: TestClient, email: string): Promise<TestClient> {
  await client.get(API_ROUTES.session);
  const saved = await client.post(API_ROUTES.key, { ...SUBSCRIBER_KEYS, email });
  expect(saved.status).toBe(200);
  return client;
}

export const promptLines = (count: number, tag: string) => Array.from({ length: count }, (_, i) => `${tag} prompt ${i + 1}: name a colour.`);

export async function upload(client: TestClient, body: TBatchUploadInput) {
  return client.post<TBatchJob & { message?: string; errors?: Record<string, string[]> }>(BATCH_ROUTES.upload, body);
}

/** Polls the job until `until` holds (by default: it is no longer running). */
export async function waitForJob(
  client: TestClient,
  id: string,
  until: (job: TBatchJob) => boolean = (job) => job.status !== 'running',
  timeoutMs = 30_000,
): Promise<TBatchJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await client.get<TBatchJob>(batchJobPath(id));
    expect(status).toBe(200);
    if (until(body)) return body;
    if (Date.now() > deadline) throw new Error(`job ${id} did not get there in time: ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
