import {
  KEY_CHECK_RETRY_AFTER_SECONDS,
  KEY_REFUSED_CODES,
  describeServiceError,
  SERVICE_KEY_TEXTS,
  keyCheckUnavailableMessage,
  keyRefusedMessage,
  type ServiceKey,
  type TSubscriptionRequest,
} from '@promptpair/contract';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../lib/api-error.ts';
import { UpstreamError, type ServiceAdapter } from '../../upstreams/index.ts';
import type { UpstreamRoutes } from '../upstream-routes.ts';

/** The longest the dialog waits for the check, retries included (or UPSTREAM_TIMEOUT_MS when shorter). */
export const KEY_CHECK_TIMEOUT_MS = 15_000;

type Refusal = (typeof KEY_REFUSED_CODES)[number];
type Outcome = { kind: 'accepted' } | { kind: 'refused'; code: Refusal } | { kind: 'unavailable'; error: unknown };

const isRefusal = (code: string): code is Refusal => (KEY_REFUSED_CODES as readonly string[]).includes(code);

/**
 * A subscription's keys are tried before it is saved (docs/decisions.md, "Subscriptions: keys
 * are checked first"): one model listing per key, where the visitor's own key goes (the configured
 * or real service). Nothing is stored until both services accepted their key.
 */
export function createKeyChecker(deps: { routes: UpstreamRoutes; timeoutMs: number; log: FastifyBaseLogger }) {
  const timeoutMs = Math.min(deps.timeoutMs, KEY_CHECK_TIMEOUT_MS);

  async function tryKey(adapter: Pick<ServiceAdapter<unknown>, 'listModels'>, key: string): Promise<Outcome> {
    try {
      await adapter.listModels(key, AbortSignal.timeout(timeoutMs));
      return { kind: 'accepted' };
    } catch (error) {
      if (error instanceof UpstreamError && isRefusal(error.code)) return { kind: 'refused', code: error.code };
      return { kind: 'unavailable', error };
    }
  }

  return {
    /**
     * Resolves when both services accept their key. Otherwise throws 422 `key_refused` with a
     * message under each refused key's field, or, when nothing was refused but a service could not
     * be asked (unreachable, timed out, 5xx, busy), 503 `key_check_unavailable` with Retry-After.
     */
    async check(keys: Pick<TSubscriptionRequest, 'chatgpt_key' | 'palmapi_key'>): Promise<void> {
      const checks: { field: keyof typeof keys; service: ServiceKey; outcome: Outcome }[] = await Promise.all([
        tryKey(deps.routes.chatgpt.visitor, keys.chatgpt_key).then((outcome) => ({ field: 'chatgpt_key' as const, service: 'chatGPT' as const, outcome })),
        tryKey(deps.routes.palm.visitor, keys.palmapi_key).then((outcome) => ({ field: 'palmapi_key' as const, service: 'palmAPI' as const, outcome })),
      ]);
      const errors: Record<string, string[]> = {};
      for (const { field, service, outcome } of checks) if (outcome.kind === 'refused') errors[field] = [keyRefusedMessage(service, outcome.code)];
      const first = Object.values(errors)[0]?.[0];
      if (first !== undefined) throw new ApiError('key_refused', first, errors);

      const unavailable = checks.flatMap((check) => (check.outcome.kind === 'unavailable' ? [{ service: check.service, error: check.outcome.error }] : []));
      if (unavailable.length === 0) return;
      for (const { service, error } of unavailable) {
        // An UpstreamError holds no key (upstreams/errors.ts scrubs its cause); of anything else only the name is logged.
        const detail = error instanceof UpstreamError ? { code: error.code, err: error } : { errorName: error instanceof Error ? error.name : typeof error };
        deps.log.warn({ service, ...detail }, 'subscription key check: the service could not be asked');
      }
      const upstreamWait = Math.max(0, ...unavailable.map(({ error }) => (error instanceof UpstreamError ? (error.retryAfterMs ?? 0) : 0)));
      const retryAfter = Math.max(KEY_CHECK_RETRY_AFTER_SECONDS, Math.ceil(upstreamWait / 1000));
      throw new ApiError('key_check_unavailable', keyCheckUnavailableMessage(unavailable.map(({ service }) => service)), undefined, retryAfter);
    },

    /**
     * One service's key, saved on its own (PUT /api/service-keys/:service): the same listing and the
     * same answers, 422 `key_refused` under `key`, or 503 `key_check_unavailable` naming the service.
     */
    async checkOne(service: { id: string; name: string; adapter: Pick<ServiceAdapter<unknown>, 'listModels'> }, key: string): Promise<void> {
      const outcome = await tryKey(service.adapter, key);
      if (outcome.kind === 'accepted') return;
      if (outcome.kind === 'refused') {
        const message = describeServiceError(service.name, outcome.code);
        throw new ApiError('key_refused', message, { key: [message] });
      }
      const error = outcome.error;
      const detail = error instanceof UpstreamError ? { code: error.code, err: error } : { errorName: error instanceof Error ? error.name : typeof error };
      deps.log.warn({ service: service.id, ...detail }, 'service key check: the service could not be asked');
      const upstreamWait = error instanceof UpstreamError ? (error.retryAfterMs ?? 0) : 0;
      const retryAfter = Math.max(KEY_CHECK_RETRY_AFTER_SECONDS, Math.ceil(upstreamWait / 1000));
      throw new ApiError('key_check_unavailable', SERVICE_KEY_TEXTS.checkUnavailable(service.name), undefined, retryAfter);
    },
  };
}
export type KeyChecker = ReturnType<typeof createKeyChecker>;
