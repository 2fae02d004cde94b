import { describeUpstreamError, MESSAGES, type ServiceKey, type TComparisonRequest, type TComparisonResponse, type TServiceResult } from '@promptpair/contract';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../lib/api-error.ts';
import type { LogsRepository } from '../db/repositories/logs.ts';
import type { UsageRepository } from '../db/repositories/usage.ts';
import { UpstreamError } from '../upstreams/types.ts';
import { costFields } from './priced-adapters.ts';
import { planSide, type SidePlan, type UpstreamRoutes } from './upstream-routes.ts';

export interface ComparisonDeps {
  routes: UpstreamRoutes;
  usage: UsageRepository;
  logs: LogsRepository;
  log: FastifyBaseLogger;
}

const seconds = (startedAt: number) => Math.round(performance.now() - startedAt) / 1000;

/** Runs one side and always settles: a failure becomes that side's errorMsg, never the other's problem. */
async function runSide<S>(service: ServiceKey, plan: SidePlan<S> | null, prompt: string, settings: S, log: FastifyBaseLogger): Promise<TServiceResult> {
  const startedAt = performance.now();
  const failed = (errorMsg: string): TServiceResult => ({ message: null, tokens: null, rawOutput: null, errorMsg, elapsedTime: seconds(startedAt) });
  if (!plan) return failed(describeUpstreamError(service, 'upstream_no_key'));
  try {
    const answer = await plan.adapter.generate({ prompt, settings, apiKey: plan.apiKey, signal: new AbortController().signal });
    return { message: answer.message, tokens: answer.tokens, rawOutput: answer.rawOutput, errorMsg: null, elapsedTime: seconds(startedAt), ...costFields(answer) };
  } catch (error) {
    if (error instanceof UpstreamError) {
      log.warn({ service, code: error.code, status: error.status }, 'upstream call failed');
      const retryAfterSeconds = error.retryAfterMs === undefined ? undefined : error.retryAfterMs / 1000;
      return failed(describeUpstreamError(service, error.code, { ...error.detail, retryAfterSeconds }));
    }
    log.error({ service, err: error }, 'upstream adapter failed unexpectedly');
    return failed(describeUpstreamError(service, 'upstream_error'));
  }
}

/** Strips what the adapters must not see: the key travels in the plan, logOutput is ours. */
function adapterSettings<S extends { apiKey?: string | undefined; logOutput?: boolean | undefined }>(settings: S | undefined) {
  const { apiKey: _key, logOutput: _log, ...rest } = settings ?? ({} as S);
  return rest;
}

export function createComparisonService({ routes, usage, logs, log }: ComparisonDeps) {
  return {
    /** Both sides start at once; the free cap is claimed first and given back if nothing it paid for answered. */
    async compare(request: TComparisonRequest, who: { visitorId: string; ip: string }): Promise<TComparisonResponse> {
      const chatPlan = planSide(routes.chatGPT, request.chatGPT?.apiKey);
      const bardPlan = planSide(routes.bard, request.bardAPI?.apiKey);
      const operatorPays = Boolean(chatPlan?.paidByOperator || bardPlan?.paidByOperator);
      if (operatorPays && !(await usage.claimFreePrompt(who.visitorId, who.ip))) {
        throw new ApiError('free_cap_reached', MESSAGES.freeCapReached);
      }

      const [chatGPT, palmAPI] = await Promise.all([
        runSide('chatGPT', chatPlan, request.prompt, adapterSettings(request.chatGPT), log),
        runSide('palmAPI', bardPlan, request.prompt, adapterSettings(request.bardAPI), log),
      ]);

      const operatorAnswered = (chatPlan?.paidByOperator && chatGPT.errorMsg === null) || (bardPlan?.paidByOperator && palmAPI.errorMsg === null);
      if (operatorPays && !operatorAnswered) await usage.refundFreePrompt(who.visitorId, who.ip);

      const logId = await logs.insert({
        visitorId: who.visitorId,
        prompt: request.prompt,
        chatGPT,
        palm: palmAPI,
        chatGPTLogOutput: request.chatGPT?.logOutput ?? false,
        palmLogOutput: request.bardAPI?.logOutput ?? false,
        settings: { chatGPT: request.chatGPT ? adapterSettings(request.chatGPT) : null, palmAPI: request.bardAPI ? adapterSettings(request.bardAPI) : null },
      });
      return { chatGPT, palmAPI, logId };
    },
  };
}
export type ComparisonService = ReturnType<typeof createComparisonService>;
