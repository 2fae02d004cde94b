import { getMaxListeners, setMaxListeners } from 'node:events';
import { bySides, SPEC_PAIR, type Side, type TBardSettings, type TChatGptSettings, type TServiceResult } from '@promptpair/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { BatchItemsRepository, ItemCompletion, PendingItem } from '../../db/repositories/batch-items.ts';
import type { CatalogService, ModelCatalog } from '../../upstreams/model-catalog.ts';
import { todaysDefault } from '../free-prompt-models.ts';
import { planSide, type SidePlan, type UpstreamRoutes } from '../upstream-routes.ts';
import type { LogSide } from '../../db/repositories/side-columns.ts';
import { CompletionWriter } from './completion-writer.ts';
import { ServiceLimiter } from './service-limiter.ts';
import { callSide, type RetryPolicy } from './side-call.ts';

/**
 * A spec's-pair run's settings by side, as `batch_jobs.settings` keeps them (migration 019): the
 * page's settings at upload time (the body's `chatGPT` on side a, `bardAPI` on side b), keys and
 * 'log output' removed (they are not the adapters' business).
 */
export interface RunSettings {
  a?: Omit<TChatGptSettings, 'apiKey' | 'logOutput'>;
  b?: Omit<TBardSettings, 'apiKey' | 'logOutput'>;
}

/** The spec's pair as a run calls it: side a on ChatGPT, side b on Palm API, their errors worded by their names. */
const SPEC_RUN_SIDES: Readonly<Record<Side, { service: CatalogService; name: string }>> = bySides((side) => ({ service: SPEC_PAIR[side].service, name: SPEC_PAIR[side].name }));

/**
 * What each side of one prompt is sent with, as its record keeps it. A side that names no model
 * gets the service's default at the moment the prompt is sent (todaysDefault, as a comparison
 * does), and its record names that model: a run lasts hours, and a default that retires meanwhile
 * is replaced by today's rather than failing every prompt left (docs/decisions.md, "Prompt-list runs").
 * A side without a key is not called: its settings are kept as given.
 */
export async function sentSettings(
  settings: RunSettings,
  models: Pick<ModelCatalog, 'offer'>,
  called: Record<Side, boolean>,
): Promise<{ a: NonNullable<RunSettings['a']>; b: NonNullable<RunSettings['b']> }> {
  const withModel = async <S extends { model?: string | undefined }>(given: S | undefined, side: Side): Promise<S> => {
    const sent = given ?? ({} as S);
    if (sent.model !== undefined || !called[side]) return sent;
    const model = await todaysDefault(models, SPEC_RUN_SIDES[side].service);
    return model === undefined ? sent : { ...sent, model };
  };
  const [a, b] = await Promise.all([withModel(settings.a, 'a'), withModel(settings.b, 'b')]);
  return { a, b };
}

/** One side of a run on a pair other than the spec's, planned when the run is taken up. */
export interface RunPairSide {
  /** The service's display name, for error texts. */
  name: string;
  plan: SidePlan<unknown> | null;
  /** Checked against the side's kind at upload, the model included. */
  settings: Record<string, unknown>;
  log: LogSide;
}

export interface RunnableJob {
  id: string;
  visitorId: string;
  concurrency: number;
  settings: RunSettings;
  /** The subscriber's saved keys by service id. */
  keys: { byService: Readonly<Record<string, string>> };
  /** A run on any pair: side a's results are kept where ChatGPT's are, side b's where Palm API's are. */
  pair?: { a: RunPairSide; b: RunPairSide };
}

export interface JobRunDeps {
  items: BatchItemsRepository;
  routes: UpstreamRoutes;
  policy: RetryPolicy;
  log: FastifyBaseLogger;
  /** The services' offers: a side naming no model is sent today's default (free-prompt-models.ts). */
  models: Pick<ModelCatalog, 'offer'>;
}

/**
 * Works a job's pending prompts with `concurrency` workers. Each worker takes the next prompt
 * the moment it is free, runs both sides at once and hands the result to the writer without
 * waiting for the database. When `signal` fires, calls in flight are aborted and their prompts
 * stay pending, to be run again by whichever process takes the job next.
 */
export async function runJob(job: RunnableJob, deps: JobRunDeps, signal: AbortSignal): Promise<'finished' | 'stopped'> {
  const pending = await deps.items.pending(job.id);
  // Each worker's two calls listen for the stop (waiting for a slot, backing off or answering) and
  // stop listening when done: up to two listeners per worker is the run working, not a leak.
  setMaxListeners(Math.max(getMaxListeners(signal), 2 * job.concurrency + 1), signal);
  const limiters = { a: new ServiceLimiter(job.concurrency), b: new ServiceLimiter(job.concurrency) };
  const pair = job.pair;
  const plans = pair ? { a: pair.a.plan, b: pair.b.plan } : bySides((side) => planSide<unknown>(deps.routes[SPEC_PAIR[side].service], job.keys.byService[SPEC_PAIR[side].service]));
  const sides = pair ? { a: { service: pair.a.log.service, name: pair.a.name }, b: { service: pair.b.log.service, name: pair.b.name } } : SPEC_RUN_SIDES;
  const run = { id: job.id, visitorId: job.visitorId };
  const called = { a: plans.a !== null, b: plans.b !== null };
  const writer = new CompletionWriter<ItemCompletion>(
    (batch) => deps.items.complete(run, batch),
    // Unwritten prompts stay pending in the database; the job is not completed and runs them again.
    (error, batch) => deps.log.error({ err: error, jobId: job.id, prompts: batch.length }, 'batch: could not record results'),
  );
  const common = { policy: deps.policy, signal, log: deps.log };

  const runItem = async (item: PendingItem): Promise<void> => {
    // A general pair's settings were checked and its models fixed at upload; the spec's pair gets today's default per prompt.
    const settings = pair ? { a: pair.a.settings, b: pair.b.settings } : await sentSettings(job.settings, deps.models, called);
    const [a, b]: TServiceResult[] = await Promise.all([
      callSide({ ...common, ...sides.a, plan: plans.a, prompt: item.prompt, settings: settings.a, limiter: limiters.a }),
      callSide({ ...common, ...sides.b, plan: plans.b, prompt: item.prompt, settings: settings.b, limiter: limiters.b }),
    ]);
    if (a && b && !signal.aborted) writer.push({ item, a, b, settings, ...(pair ? { sides: { a: pair.a.log, b: pair.b.log } } : {}) });
  };

  let next = 0;
  const worker = async () => {
    for (let item = pending[next++]; item && !signal.aborted; item = pending[next++]) {
      try {
        await runItem(item);
      } catch (error) {
        if (!signal.aborted) throw error;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(job.concurrency, pending.length) }, worker));
  } finally {
    limiters.a.dispose();
    limiters.b.dispose();
    await writer.drain();
  }
  return signal.aborted ? 'stopped' : 'finished';
}
