// Gemini generateContent answer → our Generation (docs/wire-formats.md §3.4, §4.3 step 5).
import type { ErrorContext } from '../errors.ts';
import { upstreamError } from '../errors.ts';
import type { Generation } from '../types.ts';
import { answeringModel, geminiUsage } from '../usage.ts';

interface CandidateLike {
  content?: { parts?: { text?: unknown; thought?: unknown }[] };
  finishReason?: unknown;
}

/** Finish reasons that mean "the answer was withheld", not "the answer ended". */
const BLOCKING_FINISH = new Set([
  'SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'LANGUAGE',
  'IMAGE_SAFETY', 'IMAGE_PROHIBITED_CONTENT', 'IMAGE_RECITATION',
]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Visible text of a candidate: its text parts joined, thought summaries left out. */
function candidateText(candidate: CandidateLike): string | undefined {
  const parts = Array.isArray(candidate.content?.parts) ? candidate.content.parts : [];
  const texts = parts.filter((p) => isObject(p) && typeof p.text === 'string' && p.thought !== true).map((p) => p.text as string);
  return texts.length > 0 ? texts.join('') : undefined;
}

/** Several candidates (candidateCount > 1) are all shown, each under "Candidate N:". */
export function joinCandidates(texts: readonly string[]): string {
  if (texts.length === 1) return texts[0] ?? '';
  return texts.map((text, index) => `Candidate ${index + 1}:\n${text}`).join('\n\n');
}

/** `json` is the plain wire JSON (SDK extras already removed). */
export function fromGeminiResponse(json: unknown, ctx: ErrorContext): Generation {
  if (!isObject(json)) throw upstreamError('upstream_bad_response', ctx, { status: 200 });
  const feedback = isObject(json.promptFeedback) ? json.promptFeedback : undefined;
  if (typeof feedback?.blockReason === 'string') {
    throw upstreamError('upstream_blocked', ctx, { status: 200, reason: feedback.blockReason });
  }
  const candidates = (Array.isArray(json.candidates) ? json.candidates.filter(isObject) : []) as CandidateLike[];
  if (candidates.length === 0) throw upstreamError('upstream_bad_response', ctx, { status: 200 });
  const texts = candidates.map(candidateText);
  if (texts.every((text) => text === undefined)) {
    const blocked = candidates.find((c) => typeof c.finishReason === 'string' && BLOCKING_FINISH.has(c.finishReason));
    if (blocked) throw upstreamError('upstream_blocked', ctx, { status: 200, reason: blocked.finishReason as string });
  }
  // A candidate can be empty without being blocked (e.g. MAX_TOKENS spent on thinking): show it empty.
  const usage = isObject(json.usageMetadata) ? json.usageMetadata : undefined;
  const tokens = typeof usage?.totalTokenCount === 'number' ? usage.totalTokenCount : null;
  const model = ctx.model === undefined ? {} : { model: answeringModel(json, 'modelVersion', ctx.model) };
  return { message: joinCandidates(texts.map((text) => text ?? '')), tokens, rawOutput: json, usage: geminiUsage(json), ...model };
}
