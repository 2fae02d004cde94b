import rateLimit from '@fastify/rate-limit';
import { RATE_LIMITS, rateLimitMessage, type RateLimit, type RateLimitedAction } from '@promptpair/contract';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { ApiError } from '../lib/api-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** An onRequest hook that counts the request against the action's limits and answers 429 past them. */
    limitRate(action: RateLimitedAction): onRequestAsyncHookHandler;
  }
}

export interface RateLimitsOptions {
  /** Counts live here when given, shared by every instance; otherwise in this process. */
  redis?: Redis;
  /** Prefix of the Redis keys (REDIS_KEY_PREFIX). */
  keyPrefix: string;
  /** RATE_LIMITS: both scopes, the per-visitor ones only, or none. */
  scope: 'on' | 'visitor' | 'off';
  /** The operator's numbers where env sets them (BATCH_UPLOADS_PER_IP_PER_HOUR); a max of 0 counts nothing. */
  limits?: Partial<Record<RateLimitedAction, { perVisitor: RateLimit; perIp: RateLimit }>>;
}

type Scope = 'visitor' | 'ip';
const keyOf: Record<Scope, (request: FastifyRequest) => string> = { visitor: (request) => request.visitorId, ip: (request) => request.ip };

/**
 * Per-visitor and per-IP limits (docs/decisions.md, "Rate limits"), counted by @fastify/rate-limit
 * in Redis or in memory. A refusal is 429 `rate_limited` with Retry-After in the one error shape.
 * When Redis cannot be reached the request goes through (skipOnError): an outage of the counter
 * must not take the product down, and the free cap is kept in the database regardless.
 */
export const rateLimitsPlugin = fp<RateLimitsOptions>(
  async (app, options) => {
    await app.register(rateLimit, { global: false, redis: options.redis, nameSpace: `${options.keyPrefix}rate:`, skipOnError: true });

    const counter = (action: RateLimitedAction, scope: Scope, limit: RateLimit) =>
      app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator: (request) => `${action}:${scope}:${keyOf[scope](request)}` });

    const limiter = (action: RateLimitedAction): onRequestAsyncHookHandler => {
      const limits = options.limits?.[action] ?? RATE_LIMITS[action];
      const counters = [
        ...(options.scope === 'off' || limits.perVisitor.max === 0 ? [] : [counter(action, 'visitor', limits.perVisitor)]),
        ...(options.scope === 'on' && limits.perIp.max > 0 ? [counter(action, 'ip', limits.perIp)] : []),
      ];
      return async (request, reply) => {
        for (const count of counters) {
          const result = await count(request);
          if (!result.isAllowed && result.isExceeded) {
            const retryAfter = Math.max(1, result.ttlInSeconds);
            void reply.header('retry-after', String(retryAfter));
            throw new ApiError('rate_limited', rateLimitMessage(action, retryAfter));
          }
        }
      };
    };
    // One limiter per action, so every route of an action (say, a comparison as JSON or streamed) counts against one limit.
    const limiters = new Map<RateLimitedAction, onRequestAsyncHookHandler>();
    app.decorate('limitRate', (action: RateLimitedAction) => {
      let hook = limiters.get(action);
      if (!hook) limiters.set(action, (hook = limiter(action)));
      return hook;
    });
  },
  { name: 'rate-limits', dependencies: ['visitor'] },
);
