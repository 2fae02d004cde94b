// Legacy PaLM v1beta2 generateMessage (docs/wire-formats.md §2.2). The service was shut down in
// 2024; it is kept so saved "chat-bison-001" settings still get an answer or a clear error.
import type { TBardSettings } from '@promptpair/contract';
import type { ErrorContext } from '../errors.ts';
import { safeReason, upstreamError } from '../errors.ts';
import type { Generation } from '../types.ts';
import { toConversation } from './conversation.ts';
import { joinCandidates } from './gemini-response.ts';

export interface PalmMessageRequest {
  prompt: { context?: string; messages: { author: string; content: string }[] };
  temperature?: number;
  candidateCount?: number;
  topP?: number;
  topK?: number;
}

/**
 * Same conversation rule as Gemini, so both APIs see one history: system text → context,
 * turns alternate with authors "user"/"model" and end with the prompt. generateMessage has
 * no maxOutputTokens, so that setting is dropped; topK 0 means "not set".
 */
export function toPalmRequest(prompt: string, settings: TBardSettings): PalmMessageRequest {
  const { system, turns } = toConversation(settings.messages ?? [], prompt);
  const request: PalmMessageRequest = {
    prompt: {
      ...(system.length > 0 ? { context: system.join('\n\n') } : {}),
      messages: turns.map(({ role, texts }) => ({ author: role, content: texts.join('\n\n') })),
    },
  };
  if (settings.temperature !== undefined) request.temperature = settings.temperature;
  if (settings.candidateCount !== undefined) request.candidateCount = settings.candidateCount;
  if (settings.topP !== undefined) request.topP = settings.topP;
  if (settings.topK) request.topK = settings.topK;
  return request;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Candidates' contents; when every candidate was filtered, `filters` says why (§2.2). */
export function fromPalmResponse(json: unknown, ctx: ErrorContext): Generation {
  if (!isObject(json)) throw upstreamError('upstream_bad_response', ctx, { status: 200 });
  const candidates = Array.isArray(json.candidates) ? json.candidates.filter(isObject) : [];
  const texts = candidates.map((c) => c.content).filter((content): content is string => typeof content === 'string');
  if (texts.length === 0) {
    const filter = Array.isArray(json.filters) ? json.filters.find(isObject) : undefined;
    if (filter) {
      const reason = safeReason([filter.reason, filter.message].filter((s) => typeof s === 'string').join(': '), ctx.apiKey);
      throw upstreamError('upstream_blocked', ctx, { status: 200, reason });
    }
    throw upstreamError('upstream_bad_response', ctx, { status: 200 });
  }
  // generateMessage reports no usage; the adapter counts it with countMessageTokens (palm-count.ts).
  return { message: joinCandidates(texts), tokens: null, rawOutput: json };
}
