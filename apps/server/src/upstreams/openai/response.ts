// OpenAI answers → our Generation (docs/wire-formats.md §1.4) and the chat-model filter (§1.8).
import type { ErrorContext } from '../errors.ts';
import { upstreamError } from '../errors.ts';
import type { Generation } from '../types.ts';
import type { ListedModel } from '../model-offer.ts';
import { answeringModel, openAiUsage } from '../usage.ts';

interface ChoiceLike {
  message?: { content?: unknown; refusal?: unknown } | null;
  finish_reason?: unknown;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The text a choice shows: its content, else its refusal (the model's own words). */
function choiceText(choice: ChoiceLike): string | undefined {
  const { content, refusal } = choice.message ?? {};
  if (typeof content === 'string') return content;
  return typeof refusal === 'string' ? refusal : undefined;
}

/**
 * Reads a chat.completion body defensively: the SDK hands over whatever JSON (or text) came
 * back, so a 200 without `choices` is a bad response, not a crash. Several choices (n > 1)
 * are all shown, each under a "Choice N:" heading.
 */
export function fromChatCompletion(body: unknown, ctx: ErrorContext): Generation {
  if (!isObject(body) || !Array.isArray(body.choices)) {
    throw upstreamError('upstream_bad_response', ctx, { status: 200 });
  }
  const choices = body.choices.filter(isObject) as ChoiceLike[];
  const texts = choices.map(choiceText);
  if (choices.length > 0 && texts.every((text) => text === undefined)) {
    const filtered = choices.find((choice) => choice.finish_reason === 'content_filter');
    if (filtered) throw upstreamError('upstream_blocked', ctx, { status: 200, reason: 'content_filter' });
  }
  if (choices.length === 0) throw upstreamError('upstream_bad_response', ctx, { status: 200 });
  const message =
    texts.length === 1
      ? (texts[0] ?? '')
      : texts.map((text, index) => `Choice ${index + 1}:\n${text ?? ''}`).join('\n\n');
  const usage = isObject(body.usage) ? body.usage : undefined;
  const tokens = typeof usage?.total_tokens === 'number' ? usage.total_tokens : null;
  const model = ctx.model === undefined ? {} : { model: answeringModel(body, 'model', ctx.model) };
  // The body as parsed from the wire: the SDK's one extra (`_request_id`) is not enumerable, so it
  // never reaches the answer or the log, which are JSON. A copy through JSON cost CPU for nothing.
  return { message, tokens, rawOutput: body, usage: openAiUsage(body), ...model };
}

/** Families that are not Chat Completions models, whatever their prefix. */
const NOT_CHAT =
  /(embedding|tts|whisper|dall-e|moderation|image|audio|realtime|transcribe|search|instruct|codex|computer-use|deep-research|-pro\b)/;

/**
 * Keeps ids the engine dropdown can use with /chat/completions: gpt-*, chatgpt-*, and the
 * o-series (o1, o3-mini, o4-mini…). `-pro` and codex/deep-research variants answer only on
 * the Responses API. Sorted by name with numeric order, so gpt-4.1 follows gpt-4 and o10 follows o9.
 */
export function filterChatModels(ids: readonly string[]): string[] {
  const chat = ids.filter((id) => /^(gpt-|chatgpt-|o\d)/.test(id) && !NOT_CHAT.test(id));
  return [...new Set(chat)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

const SHUTDOWN_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The chat models of a /v1/models `data` array with what the list says of each: `shutdown_date`
 * (YYYY-MM-DD, optional: the day OpenAI stops serving the model) and `created`. Ordered as
 * filterChatModels orders them; newest first is the picker's business (model-offer.ts).
 */
export function chatModelEntries(data: readonly unknown[], options: { everyModel?: boolean } = {}): ListedModel[] {
  const byId = new Map<string, ListedModel>();
  for (const item of data) {
    if (!isObject(item) || typeof item.id !== 'string' || byId.has(item.id)) continue;
    const shutdown = typeof item.shutdown_date === 'string' && SHUTDOWN_DATE.test(item.shutdown_date) ? item.shutdown_date : undefined;
    const created = typeof item.created === 'number' && Number.isFinite(item.created) ? item.created : undefined;
    byId.set(item.id, { id: item.id, ...(shutdown ? { shutdownDate: shutdown } : {}), ...(created !== undefined ? { created } : {}) });
  }
  // An OpenAI-compatible service's ids are not OpenAI's: it offers every model it lists.
  if (options.everyModel) return [...byId.values()];
  return filterChatModels([...byId.keys()]).map((id) => byId.get(id)!);
}
