// POST /v1beta/models/{m}:generateContent and :streamGenerateContent (docs/wire-formats.md §3.2–3.5).
import { stripDirectives } from '../directives.ts';
import { sendJson, sendMalformed, startEventStream } from '../http-io.ts';
import type { ApiCall } from '../server-state.ts';
import { writePacedEvents } from '../stream-writer.ts';
import { composeAnswer, estimateTokens, limitAnswer } from '../simulated-text.ts';
import type { Scenario } from '../types.ts';
import { buildGenerateContentResponse, buildStreamChunks, newResponseIdentity, SIMULATED_THOUGHTS_TOKENS, type StreamChunk } from './gemini-response.ts';
import { runGoogleGeneration } from './google-generation.ts';
import { geminiModels, withoutHidden } from './google-models.ts';
import { isObject, readField } from './proto-json.ts';
import { validateGenerateContent, type GenerateContentRequest } from './validate-generate-content.ts';

/** Text of the last user turn, read leniently (before validation) so directives work even on odd bodies. */
export function lastGeminiUserText(body: unknown): string {
  const contents = isObject(body) ? readField(body, 'contents') : undefined;
  if (!Array.isArray(contents)) return '';
  const userTurns = contents.filter((item): item is Record<string, unknown> => isObject(item) && (item['role'] ?? 'user') === 'user');
  const parts = userTurns.at(-1)?.['parts'];
  if (!Array.isArray(parts)) return '';
  return parts.map((part: unknown) => (isObject(part) && typeof part['text'] === 'string' ? part['text'] : '')).join('');
}

async function sendStream(call: ApiCall, chunks: StreamChunk[], asSse: boolean, scenario: Scenario | undefined): Promise<void> {
  if (!asSse) {
    // Without alt=sse the method streams one JSON array of responses (observed behaviour, §3.5).
    return sendJson(call.res, 200, chunks.map((chunk) => chunk.body));
  }
  startEventStream(call.res);
  // No [DONE] sentinel: the stream ends when the response closes.
  await writePacedEvents(call, chunks.map((chunk) => ({ data: chunk.body, tokens: chunk.tokens })), scenario);
}

export async function handleGenerateContent(call: ApiCall, modelId: string, streaming: boolean): Promise<void> {
  const promptText = lastGeminiUserText(call.body);
  await runGoogleGeneration<GenerateContentRequest>(call, {
    apiVersion: 'v1beta',
    method: streaming ? 'streamGenerateContent' : 'generateContent',
    modelId,
    catalog: withoutHidden(geminiModels, call.state.options.hiddenModels),
    promptText,
    validate: validateGenerateContent,
    respond(request, model, scenario: Scenario | undefined) {
      const prompt = stripDirectives(request.contents.filter((turn) => turn.role === 'user').at(-1)?.text ?? '');
      const answers = Array.from({ length: request.candidateCount }, (_, choiceIndex) =>
        limitAnswer(
          composeAnswer({ label: 'Gemini', model: modelId, prompt, systemText: request.systemText, choiceIndex, choiceCount: request.candidateCount, overrideText: scenario?.text, style: call.state.options.answerStyle }),
          request.maxOutputTokens,
          request.stopSequences,
        ),
      );
      const allText = [request.systemText, ...request.contents.map((turn) => turn.text)].map(stripDirectives).join('\n');
      const promptTokens = estimateTokens(allText);
      const identity = newResponseIdentity(modelId);
      const asSse = call.url.searchParams.get('alt') === 'sse';
      // Thinking is billed as output but reported apart (§3.4), once per response.
      const thoughtsTokens = model.thinking ? SIMULATED_THOUGHTS_TOKENS : 0;
      if (!streaming) {
        const body = buildGenerateContentResponse(answers, promptTokens, identity, thoughtsTokens);
        return () => (scenario?.malformed ? sendMalformed(call.res, body, false) : sendJson(call.res, 200, body));
      }
      const chunks = buildStreamChunks(answers, promptTokens, identity, thoughtsTokens);
      if (scenario?.malformed) return () => sendMalformed(call.res, asSse ? chunks[0]?.body : chunks.map((chunk) => chunk.body), asSse);
      return () => sendStream(call, chunks, asSse, scenario);
    },
  });
}
