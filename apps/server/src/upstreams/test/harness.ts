// Shared set-up for the upstream integration tests: a fake upstream over real HTTP.
import { startFakeUpstream } from '@promptpair/fake-upstream';
import type { FakeUpstream, RecordedRequest } from '@promptpair/fake-upstream';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { UpstreamConfig } from '../types.ts';
import { UpstreamError } from '../types.ts';

export const GOOD_KEY = 'sk-test-good-key-0123456789';
/** The fake rejects keys starting with "bad". */
export const BAD_KEY = 'bad-key-sk-0123456789abcdef';

/** Starts one fake upstream per test file and clears its queue and log before each test. */
export function useFakeUpstream(): { fake: () => FakeUpstream; config: (overrides?: Partial<UpstreamConfig>) => UpstreamConfig } {
  let fake: FakeUpstream | undefined;
  beforeAll(async () => {
    fake = await startFakeUpstream();
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => fake?.reset());
  const current = () => {
    if (!fake) throw new Error('fake upstream not started');
    return fake;
  };
  return {
    fake: current,
    config: (overrides = {}) => ({
      openaiBaseUrl: current().openaiBaseUrl,
      googleBaseUrl: current().googleBaseUrl,
      timeoutMs: 5_000,
      maxRetries: 2,
      maxRetryDelayMs: 3_000,
      ...overrides,
    }),
  };
}

/** The rejection of `promise`, checked to be an UpstreamError that nowhere mentions `key`. */
export async function upstreamFailure(promise: Promise<unknown>, key: string): Promise<UpstreamError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  const failure = error as UpstreamError;
  const everything = [failure.message, JSON.stringify(failure), JSON.stringify(failure.detail), String((failure.cause as Error | undefined)?.message)];
  for (const text of everything) expect(text).not.toContain(key);
  return failure;
}

export function only(requests: RecordedRequest[]): RecordedRequest {
  expect(requests).toHaveLength(1);
  return requests[0]!;
}

export const signal = () => new AbortController().signal;
