import { randomUUID } from 'node:crypto';
import { describeUpstreamError, MESSAGES, type ServiceKey, type TComparisonRequest, type TComparisonResponse, type TServiceResult } from '@promptpair/contract';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../lib/api-error.ts';
import type { LogsRepository } from '../db/repositories/logs.ts';
import { isStorageUnavailable } from '../db/storage-errors.ts';
import type { StorageHealth } from '../db/storage-health.ts';
import type { UsageRepository } from '../db/repositories/usage.ts';
import { UpstreamError } from '../upstreams/types.ts';
import { costFields } from './priced-adapters.ts';
import type { ModelCatalog } from '../upstreams/model-catalog.ts';
import { resolveModels } from './free-prompt-models.ts';
import { planSide, type SidePlan, type UpstreamRoutes } from './upstream-routes.ts';

export interface ComparisonDeps {
  routes: UpstreamRoutes;
  usage: UsageRepository;
  logs: LogsRepository;
  log: FastifyBaseLogger;
  storage: Pick<StorageHealth, 'fault' | 'afterRecovery'>;
  /** Each service's offer: the default a side gets when it names no model, and what free prompts may use. */
  models: Pick<ModelCatalog, 'offer'>;
}

/**
 * What a streamed comparison reports as it goes (docs/decisions.md, "Streamed comparisons").
 * Nothing is called before every check has passed, so a refusal is still a plain error.
 */
export interface ComparisonWatcher {
  /** Accepted: the free prompt (if any) is claimed and the log will carry this id. */
  onStart(logId: string): void;
  onText(side: ServiceKey, text: string): void;
  /** The side has finished (answered, failed or stopped); the other may still be writing. `json` is `result` as JSON text. */
  onSideDone(side: ServiceKey, result: TServiceResult, json: string): void;
  /** Fires when the visitor stops the comparison or leaves: both upstream calls are aborted. */
  signal: AbortSignal;
}

const seconds = (ms: number) => Math.round(ms) / 1000;

/** Runs one side and always settles: a failure becomes that side's errorMsg, never the other's problem. */
async function runSide<S>(
  service: ServiceKey, plan: SidePlan<S> | null, prompt: string, settings: S, log: FastifyBaseLogger, watcher?: ComparisonWatcher,
): Promise<TServiceResult> {
  const startedAt = performance.now();
  let text = '';
  let firstTextAt: number | undefined;
  const onText = watcher && ((piece: string) => {
    firstTextAt ??= performance.now();
    text += piece;
    watcher.onText(service, piece);
  });
  // Time to first token exists only where text can arrive in pieces: streamed comparisons.
  const timing = () => ({
    elapsedTime: seconds(performance.now() - startedAt),
    ...(watcher ? { timeToFirstToken: firstTextAt === undefined ? null : seconds(firstTextAt - startedAt) } : {}),
  });
  // What arrived before a failure or a stop stays: the visitor already read it.
  const failed = (errorMsg: string): TServiceResult => ({ message: text === '' ? null : text, tokens: null, rawOutput: null, errorMsg, ...timing() });
  if (!plan) return failed(describeUpstreamError(service, 'upstream_no_key'));
  try {
    const answer = await plan.adapter.generate({ prompt, settings, apiKey: plan.apiKey, signal: watcher?.signal, onText });
    return { message: answer.message, tokens: answer.tokens, rawOutput: answer.rawOutput, errorMsg: null, ...timing(), ...costFields(answer) };
  } catch (error) {
    if (watcher?.signal.aborted) return { ...failed(''), errorMsg: null, stopped: true };
    if (error instanceof UpstreamError) {
      log.warn({ service, code: error.code, status: error.status }, 'upstream call failed');
      // A connection lost after text arrived is a broken-off answer, whatever broke it.
      const code = text !== '' && error.code !== 'upstream_too_large' ? 'upstream_interrupted' : error.code;
      const retryAfterSeconds = error.retryAfterMs === undefined ? undefined : error.retryAfterMs / 1000;
      return failed(describeUpstreamError(service, code, { ...error.detail, retryAfterSeconds }));
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

/** A side the operator paid for gave the visitor something: an answer, or text before a stop. */
function delivered(plan: SidePlan<unknown> | null, result: TServiceResult): boolean {
  return Boolean(plan?.paidByOperator) && result.errorMsg === null && result.message !== null;
}

/**
 * A comparison's answer, and the same as JSON text. Each side is serialised once, when it finishes:
 * that text is the log's record of the side, the streamed `done` event's result and the JSON
 * answer's, so they cannot differ and none is serialised twice.
 */
export interface ComparisonOutcome extends TComparisonResponse {
  json: string;
}

export function createComparisonService({ routes, usage, logs, log, storage, models }: ComparisonDeps) {
  /**
   * After both calls nothing the database does may cost the visitor the answers: a write that fails
   * is reported (an outage once per outage, db/storage-health.ts) and the answers go out. True when written.
   */
  const written = (write: Promise<unknown>, what: string, onOutage?: () => void): Promise<boolean> =>
    write.then(
      () => true,
      (error: unknown) => {
        if (!isStorageUnavailable(error)) log.error({ err: error }, `${what} failed; the answers are sent all the same`);
        else {
          storage.fault(error);
          onOutage?.();
        }
        return false;
      },
    );
  /** A free prompt that bought nothing is given back; a refund the database cannot take now is made once it answers again. */
  const refund = async (who: { visitorId: string; ip: string }) => {
    const giveBack = () => usage.refundFreePrompt(who.visitorId, who.ip);
    await written(giveBack(), 'giving back a free prompt', () => storage.afterRecovery(giveBack));
  };

  return {
    /**
     * Both sides start at once; the free cap is claimed first and given back if nothing it paid for
     * reached the visitor. With a watcher the comparison streams; the answer and the log are the same.
     * A log record that cannot be written leaves the answers standing, marked `unsaved` (logId null).
     */
    async compare(request: TComparisonRequest, who: { visitorId: string; ip: string }, watcher?: ComparisonWatcher): Promise<ComparisonOutcome> {
      const chatPlan = planSide(routes.chatGPT, request.chatGPT?.apiKey);
      const bardPlan = planSide(routes.bard, request.bardAPI?.apiKey);
      // Before anything is claimed or called: a free prompt goes only to an offered model (422 otherwise).
      const sent = await resolveModels(models, { chatGPT: chatPlan, bard: bardPlan }, { chatGPT: request.chatGPT, bard: request.bardAPI });
      const operatorPays = Boolean(chatPlan?.paidByOperator || bardPlan?.paidByOperator);
      if (operatorPays && !(await usage.claimFreePrompt(who.visitorId, who.ip))) {
        throw new ApiError('free_cap_reached', MESSAGES.freeCapReached);
      }
      const logId = randomUUID();
      watcher?.onStart(logId);

      const side = <S>(service: ServiceKey, plan: SidePlan<S> | null, settings: S) =>
        runSide(service, plan, request.prompt, settings, log, watcher).then((result) => {
          const json = JSON.stringify(result);
          watcher?.onSideDone(service, result, json);
          return { result, json };
        });
      const [{ result: chatGPT, json: chatGPTJson }, { result: palmAPI, json: palmJson }] = await Promise.all([
        side('chatGPT', chatPlan, { ...adapterSettings(request.chatGPT), ...sent.chatGPT }),
        side('palmAPI', bardPlan, { ...adapterSettings(request.bardAPI), ...sent.bard }),
      ]);

      if (operatorPays && !delivered(chatPlan, chatGPT) && !delivered(bardPlan, palmAPI)) await refund(who);

      const saved = await written(logs.insert({
        id: logId,
        visitorId: who.visitorId,
        prompt: request.prompt,
        chatGPTJson,
        palmJson,
        chatGPTLogOutput: request.chatGPT?.logOutput ?? false,
        palmLogOutput: request.bardAPI?.logOutput ?? false,
        settings: { chatGPT: request.chatGPT ? adapterSettings(request.chatGPT) : null, palmAPI: request.bardAPI ? adapterSettings(request.bardAPI) : null },
      }), 'writing the comparison log');
      const sides = `{"chatGPT":${chatGPTJson},"palmAPI":${palmJson}`;
      if (!saved) return { chatGPT, palmAPI, logId: null, unsaved: true, json: `${sides},"logId":null,"unsaved":true}` };
      return { chatGPT, palmAPI, logId, json: `${sides},"logId":${JSON.stringify(logId)}}` };
    },
  };
}
export type ComparisonService = ReturnType<typeof createComparisonService>;
