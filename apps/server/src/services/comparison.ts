import { randomUUID } from 'node:crypto';
import { describeServiceError, MESSAGES, type Side, type StreamSide, type TComparisonRequest, type TComparisonResponse, type TPairResponse, type TPairSideInfo, type TServiceResult, type TTurnChoice } from '@promptpair/contract';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../lib/api-error.ts';
import type { LogsRepository, SentSettingsBySide } from '../db/repositories/logs.ts';
import type { LogSide } from '../db/repositories/side-columns.ts';
import { isUniqueViolation } from '../db/database.ts';
import { isStorageUnavailable } from '../db/storage-errors.ts';
import type { StorageHealth } from '../db/storage-health.ts';
import type { UsageRepository } from '../db/repositories/usage.ts';
import { UpstreamError } from '../upstreams/types.ts';
import { costFields } from './priced-adapters.ts';
import type { SidePlan } from './upstream-routes.ts';

export interface ComparisonDeps {
  usage: UsageRepository;
  logs: LogsRepository;
  log: FastifyBaseLogger;
  storage: Pick<StorageHealth, 'fault' | 'afterRecovery'>;
}

/**
 * What a streamed comparison reports as it goes (docs/decisions.md, "Streamed comparisons").
 * Nothing is called before every check has passed, so a refusal is still a plain error.
 */
export interface ComparisonWatcher {
  /** Accepted: the free prompt (if any) is claimed and the log will carry this id; a conversation's start names it. */
  onStart(logId: string, conversation?: ConversationTurn): void;
  onText(side: WireSide, text: string): void;
  /** The side has finished (answered, failed or stopped); the other may still be writing. `json` is `result` as JSON text. */
  onSideDone(side: WireSide, result: TServiceResult, json: string): void;
  /** Fires when the visitor stops the comparison or leaves: both upstream calls are aborted. */
  signal: AbortSignal;
}

/** A general pair's watcher: its start also names what each side runs on. */
export interface PairWatcher extends Omit<ComparisonWatcher, 'onStart'> {
  onStart(logId: string, sides: { a: TPairSideInfo; b: TPairSideInfo }, conversation?: ConversationTurn): void;
}

/** A comparison's place in its conversation (docs/decisions.md, "Conversations"): the first turn's log id names it. */
export interface ConversationTurn {
  conversationId: string;
  turn: number;
  /** The visitor's choice for a follow-up turn, if any. */
  choice?: TTurnChoice;
}

/** A follow-up's turn as it is logged: its place among the conversation's rows too (migration 015). */
export interface FollowUpTurn extends ConversationTurn {
  step: number;
}

/** How a side is named on the wire, as its body's edge says: the spec's names for the spec's body, a and b for the general pair. */
export type WireSide = StreamSide | Side;

const seconds = (ms: number) => Math.round(ms) / 1000;

/** Runs one side and always settles: a failure becomes that side's errorMsg, never the other's problem. */
async function runSide<S>(
  side: { wire: WireSide; name: string; service: string }, plan: SidePlan<S> | null, prompt: string, settings: S, log: FastifyBaseLogger, watcher?: Omit<ComparisonWatcher, 'onStart'>,
): Promise<TServiceResult> {
  const service = side.service;
  const startedAt = performance.now();
  let text = '';
  let firstTextAt: number | undefined;
  const onText = watcher && ((piece: string) => {
    firstTextAt ??= performance.now();
    text += piece;
    watcher.onText(side.wire, piece);
  });
  // Time to first token exists only where text can arrive in pieces: streamed comparisons.
  const timing = () => ({
    elapsedTime: seconds(performance.now() - startedAt),
    ...(watcher ? { timeToFirstToken: firstTextAt === undefined ? null : seconds(firstTextAt - startedAt) } : {}),
  });
  // What arrived before a failure or a stop stays: the visitor already read it.
  const failed = (errorMsg: string): TServiceResult => ({ message: text === '' ? null : text, tokens: null, rawOutput: null, errorMsg, ...timing() });
  if (!plan) return failed(describeServiceError(side.name, 'upstream_no_key'));
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
      return failed(describeServiceError(side.name, code, { ...error.detail, retryAfterSeconds }));
    }
    log.error({ service, err: error }, 'upstream adapter failed unexpectedly');
    return failed(describeServiceError(side.name, 'upstream_error'));
  }
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

/** A general pair's answer (TPairResponse) and the same as JSON text. */
export interface PairOutcome extends TPairResponse {
  json: string;
}

/** One side, planned: where its call goes, what it sends, and how the log and the wire name it. */
export interface PlannedSide {
  wire: WireSide;
  /** The name error texts use. */
  name: string;
  service: string;
  plan: SidePlan<unknown> | null;
  /** Validated for its kind, without key and logOutput. */
  settings: Record<string, unknown>;
  logOutput: boolean;
  /** Written to the log; null model for the spec's body (its result names the model that answered). */
  log: LogSide;
  /** A follow-up sent to the other side only: this side is not called this turn. */
  skipped?: true;
}

/** A side a follow-up did not ask: answered at once, so its box and stream still close. */
const SKIPPED: TServiceResult = { message: null, tokens: null, rawOutput: null, errorMsg: null, elapsedTime: 0, skipped: true };

/** The one internal shape of a comparison, whichever body it came from. */
export interface PlannedPair {
  prompt: string;
  a: PlannedSide;
  b: PlannedSide;
  /** Settings as the log's settings columns hold them (side a, side b). */
  sentSettings: SentSettingsBySide;
  /** Whether the log records the sides (a general pair) or leaves the spec pair's defaults. */
  recordSides: boolean;
  /** A comparison on the comparison page starts a conversation (turn 1, named by its log id); a follow-up names its own. */
  conversation?: 'start' | FollowUpTurn;
}

/** What a comparison gives its edge, which writes the answer under its body's names around `aJson` and `bJson`. */
export interface PairRun {
  a: TServiceResult;
  b: TServiceResult;
  aJson: string;
  bJson: string;
  logId: string | null;
  /** Absent for blind comparisons and runs. */
  conversation?: ConversationTurn;
}

/** The answer's conversation fields after its logId, in the order ZComparisonResponse and ZPairResponse name them. */
export const conversationJson = (conversation: ConversationTurn | undefined): string =>
  conversation
    ? `,"conversationId":${JSON.stringify(conversation.conversationId)},"turn":${conversation.turn}${conversation.choice ? `,"choice":${JSON.stringify(conversation.choice)}` : ''}`
    : '';

export function createComparisonService({ usage, logs, log, storage }: ComparisonDeps) {
  /**
   * After both calls nothing the database does may cost the visitor the answers: a write that fails
   * is reported (an outage once per outage, db/storage-health.ts) and the answers go out. True when written.
   */
  const written = (write: Promise<unknown>, what: string, onOutage?: () => void): Promise<boolean> =>
    write.then(
      () => true,
      (error: unknown) => {
        // Two follow-ups of one conversation answered at once on two instances: the later write
        // finds its step taken. Expected, not a fault: its answers are shown, unsaved.
        if (isUniqueViolation(error)) log.warn({ code: (error as { code?: unknown }).code }, `${what} was refused: another turn of the conversation was written first; the answers are sent unsaved`);
        else if (!isStorageUnavailable(error)) log.error({ err: error }, `${what} failed; the answers are sent all the same`);
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

  /**
   * The one entry point, whichever body the pair came from (its edge planned it). Both sides start
   * at once; the free cap is claimed first and given back if nothing it paid for reached the
   * visitor. With a watcher the comparison streams; the answer and the log are the same. A log
   * record that cannot be written leaves the answers standing (logId null).
   */
  async function run(pair: PlannedPair, who: { visitorId: string; ip: string }, watcher?: Omit<ComparisonWatcher, 'onStart'>, onStart?: (logId: string, conversation?: ConversationTurn) => void): Promise<PairRun> {
    const pays = (planned: PlannedSide) => !planned.skipped && Boolean(planned.plan?.paidByOperator);
    // Each turn of a conversation is one prompt against the free cap, as a comparison is.
    const operatorPays = pays(pair.a) || pays(pair.b);
    if (operatorPays && !(await usage.claimFreePrompt(who.visitorId, who.ip))) {
      throw new ApiError('free_cap_reached', MESSAGES.freeCapReached);
    }
    const logId = randomUUID();
    const logged = pair.conversation === 'start' ? { conversationId: logId, turn: 1, step: 1 } : pair.conversation;
    const conversation = logged && { conversationId: logged.conversationId, turn: logged.turn, ...(logged.choice ? { choice: logged.choice } : {}) };
    onStart?.(logId, conversation);

    const side = (planned: PlannedSide) =>
      (planned.skipped ? Promise.resolve(SKIPPED) : runSide(planned, planned.plan, pair.prompt, planned.settings, log, watcher)).then((result) => {
        const json = JSON.stringify(result);
        watcher?.onSideDone(planned.wire, result, json);
        return { result, json };
      });
    const [{ result: a, json: aJson }, { result: b, json: bJson }] = await Promise.all([side(pair.a), side(pair.b)]);

    if (operatorPays && !delivered(pair.a.plan, a) && !delivered(pair.b.plan, b)) await refund(who);

    const saved = await written(logs.insert({
      id: logId,
      visitorId: who.visitorId,
      prompt: pair.prompt,
      aJson,
      bJson,
      aLogOutput: pair.a.logOutput,
      bLogOutput: pair.b.logOutput,
      settings: pair.sentSettings,
      ...(pair.recordSides ? { sides: { a: pair.a.log, b: pair.b.log } } : {}),
      ...(logged ? { conversation: { id: logged.conversationId, turn: logged.turn, step: logged.step, choice: logged.choice } } : {}),
    }), 'writing the comparison log');
    return { a, b, aJson, bJson, logId: saved ? logId : null, ...(saved && conversation ? { conversation } : {}) };
  }

  return { run };
}

/** The comparison service: it takes a PlannedPair and nothing else. */
export type ComparisonCore = ReturnType<typeof createComparisonService>;

/**
 * The comparison as the routes and blind mode call it: each body's edge (routes/comparison/
 * spec-edge.ts, pair-edge.ts) plans its pair, runs it through ComparisonCore and answers under the
 * body's names. Services receive it ready-made (services.ts), as they cannot import the routes.
 */
export interface ComparisonService {
  /**
   * The spec's body: ChatGPT left, Palm API right, answered under the spec's names. On the
   * comparison page (`startsConversation`) it starts a conversation: its answer names it beside the spec's fields.
   */
  compare(request: TComparisonRequest, who: { visitorId: string; ip: string }, watcher?: ComparisonWatcher, startsConversation?: boolean): Promise<ComparisonOutcome>;
  /** A general pair, already planned at the edge (routes/comparison/pair-edge.ts): answered as sides a and b. */
  comparePair(pair: PlannedPair, info: { a: TPairSideInfo; b: TPairSideInfo }, who: { visitorId: string; ip: string }, watcher?: PairWatcher): Promise<PairOutcome>;
}
