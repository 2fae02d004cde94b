import { setTimeout as sleep } from 'node:timers/promises';
import { describeServiceError, type TServiceResult } from '@promptpair/contract';
import type { FastifyBaseLogger } from 'fastify';
import { UpstreamError } from '../../upstreams/types.ts';
import { costFields } from '../priced-adapters.ts';
import type { SidePlan } from '../upstream-routes.ts';
import type { ServiceLimiter } from './service-limiter.ts';

/** How hard a run tries before it records a prompt's side as failed. */
export interface RetryPolicy {
  /** 429s waited out per side of one prompt; a run slows down rather than fails. */
  maxRateLimitRetries: number;
  /** A Retry-After longer than this is a quota, not a pace: the side fails with the upstream's words. */
  maxRetryAfterMs: number;
  /** 5xx, unreachable or unreadable answers retried per side of one prompt. */
  maxTransientRetries: number;
  /** First backoff when the upstream names no delay; doubles per retry. */
  baseBackoffMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRateLimitRetries: 30, maxRetryAfterMs: 5 * 60_000, maxTransientRetries: 3, baseBackoffMs: 500 };

/** base × 2^n, capped at 30 s, with 50–100 % jitter so parallel retries spread out. */
const backoff = (policy: RetryPolicy, retry: number) => Math.min(policy.baseBackoffMs * 2 ** retry, 30_000) * (0.5 + Math.random() / 2);

export interface SideCall<S> {
  /** The side's service id, for the log. */
  service: string;
  /** The side's service as error texts name it: its display name. */
  name: string;
  plan: SidePlan<S> | null;
  prompt: string;
  settings: S;
  limiter: ServiceLimiter;
  policy: RetryPolicy;
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

/**
 * Runs one upstream call on its own signal that follows the run's. The OpenAI SDK adds an abort
 * listener to the signal it is given and never takes it off: on the run's signal that would keep
 * one listener, and what it holds, per call for as long as the run lasts.
 */
export async function withCallSignal<T>(run: AbortSignal, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const abort = () => controller.abort(run.reason);
  if (run.aborted) abort();
  else run.addEventListener('abort', abort, { once: true });
  try {
    return await call(controller.signal);
  } finally {
    run.removeEventListener('abort', abort);
  }
}

/**
 * One side of one prompt of a run. Unlike a single comparison, a 429 goes back to the service's
 * limiter (the whole run slows down) and the call is tried again. Rejects only when the run is
 * stopped; any other failure becomes the side's errorMsg. elapsedTime is the answering attempt's.
 */
export async function callSide<S>(call: SideCall<S>): Promise<TServiceResult> {
  const { service, name: named, plan, limiter, policy, signal } = call;
  const failed = (errorMsg: string, elapsedTime = 0): TServiceResult => ({ message: null, tokens: null, rawOutput: null, errorMsg, elapsedTime });
  if (!plan) return failed(describeServiceError(named, 'upstream_no_key'));
  let rateLimited = 0;
  let transient = 0;
  for (;;) {
    await limiter.acquire(signal);
    const startedAt = performance.now();
    const seconds = () => Math.round(performance.now() - startedAt) / 1000;
    try {
      const answer = await withCallSignal(signal, (callSignal) =>
        plan.adapter.generate({ prompt: call.prompt, settings: call.settings, apiKey: plan.apiKey, signal: callSignal }),
      );
      limiter.release();
      limiter.onSuccess();
      return { message: answer.message, tokens: answer.tokens, rawOutput: answer.rawOutput, errorMsg: null, elapsedTime: seconds(), ...costFields(answer) };
    } catch (error) {
      limiter.release();
      if (signal.aborted) throw signal.reason;
      if (!(error instanceof UpstreamError)) {
        call.log.error({ service, err: error }, 'batch: upstream adapter failed unexpectedly');
        return failed(describeServiceError(named, 'upstream_error'), seconds());
      }
      const wait = error.retryAfterMs;
      if (error.code === 'upstream_rate_limited' && rateLimited < policy.maxRateLimitRetries && (wait ?? 0) <= policy.maxRetryAfterMs) {
        limiter.onRateLimited(wait ?? backoff(policy, rateLimited));
        rateLimited++;
        continue;
      }
      if (error.retryable && error.code !== 'upstream_rate_limited' && transient < policy.maxTransientRetries) {
        await sleep(backoff(policy, transient), undefined, { signal });
        transient++;
        continue;
      }
      call.log.warn({ service, code: error.code, status: error.status }, 'batch: upstream call failed');
      const retryAfterSeconds = wait === undefined ? undefined : wait / 1000;
      return failed(describeServiceError(named, error.code, { ...error.detail, retryAfterSeconds }), seconds());
    }
  }
}
