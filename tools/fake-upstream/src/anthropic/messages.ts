// POST /v1/messages: scenario, key and version, validation, then a deterministic message (JSON or streamed).
import { randomBytes } from 'node:crypto';
import { stripDirectives } from '../directives.ts';
import { answerAfterLatency, pickScenario, type Reply } from '../generation-gate.ts';
import { sendJson, sendMalformed } from '../http-io.ts';
import type { ApiCall } from '../server-state.ts';
import { composeAnswer, estimateTokens } from '../simulated-text.ts';
import type { Scenario } from '../types.ts';
import { gateProblem, invalidRequest, rateLimitHeaders, readVersion, requestId, scenarioError, sendAnthropicError } from './anthropic-errors.ts';
import { streamMessage } from './message-stream.ts';
import { validateMessagesRequest } from './validate-messages-request.ts';

/** The text of a string or of a list of blocks' text blocks. */
export function blockText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block: unknown) => (typeof block === 'object' && block !== null && 'text' in block && typeof block.text === 'string' ? block.text : ''))
    .filter(Boolean)
    .join('\n');
}

function messagesOf(body: unknown): Array<Record<string, unknown>> {
  const messages = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['messages'] : undefined;
  return Array.isArray(messages) ? messages.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null) : [];
}

/** Text of the last user message: where directives are read and what the simulated answer quotes. */
function lastUserText(body: unknown): string {
  return blockText(messagesOf(body).filter((message) => message['role'] === 'user').at(-1)?.['content']);
}

export interface Ending {
  text: string;
  stopReason: 'end_turn' | 'max_tokens' | 'stop_sequence';
  stopSequence: string | null;
}

/** The earliest stop sequence cuts the text (itself excluded), then max_tokens does. */
export function endAnswer(text: string, maxTokens: number, stopSequences: readonly string[]): Ending {
  let cut: { at: number; sequence: string } | undefined;
  for (const sequence of stopSequences) {
    const at = sequence === '' ? -1 : text.indexOf(sequence);
    if (at !== -1 && (cut === undefined || at < cut.at)) cut = { at, sequence };
  }
  const limited = cut ? text.slice(0, cut.at) : text;
  if (estimateTokens(limited) > maxTokens) return { text: limited.slice(0, maxTokens * 4), stopReason: 'max_tokens', stopSequence: null };
  return cut ? { text: limited, stopReason: 'stop_sequence', stopSequence: cut.sequence } : { text: limited, stopReason: 'end_turn', stopSequence: null };
}

export async function handleMessages(call: ApiCall): Promise<void> {
  const promptWithDirectives = lastUserText(call.body);
  const scenario = pickScenario(call, promptWithDirectives);
  await answerAfterLatency(call, scenario, () => prepareMessage(call, scenario, promptWithDirectives));
}

function prepareMessage(call: ApiCall, scenario: Scenario | undefined, promptWithDirectives: string): Reply {
  const { res } = call;
  const gate = gateProblem(call);
  if (gate) return () => sendAnthropicError(res, gate);
  const model: unknown = typeof call.body === 'object' && call.body !== null ? (call.body as Record<string, unknown>)['model'] : undefined;
  if (scenario?.status !== undefined || scenario?.quota || scenario?.context) return () => sendAnthropicError(res, scenarioError(scenario, typeof model === 'string' ? model : 'claude'));
  if (!call.bodyIsJson) return () => sendAnthropicError(res, invalidRequest('The request body is not valid JSON.'));
  const version = readVersion(call);
  const validation = validateMessagesRequest(call.body, version.ok ? version.version : '2023-06-01');
  if (!validation.ok) return () => sendAnthropicError(res, validation.reply);
  const request = validation.request;

  const systemTexts = [blockText(request.system), ...request.messages.filter((m) => m.role === 'system').map((m) => blockText(m.content))];
  const systemText = systemTexts.filter(Boolean).join('\n');
  const answer = composeAnswer({
    label: 'Claude', model: request.entry.model.id, prompt: stripDirectives(promptWithDirectives), systemText,
    choiceIndex: 0, choiceCount: 1, overrideText: scenario?.text, style: call.state.options.answerStyle,
  });
  const ending = endAnswer(answer, request.maxTokens, request.stopSequences);
  const inputText = [systemText, ...request.messages.map((message) => stripDirectives(blockText(message.content)))].join('\n');
  const usage = { inputTokens: estimateTokens(inputText), outputTokens: estimateTokens(ending.text) };
  const id = `msg_01${randomBytes(12).toString('base64url')}`;
  const headers = { 'request-id': requestId(), ...rateLimitHeaders(false) };
  const message = {
    id,
    type: 'message',
    role: 'assistant',
    model: request.entry.model.id,
    content: ending.text === '' ? [] : [{ type: 'text', text: ending.text }],
    stop_reason: ending.stopReason,
    stop_sequence: ending.stopSequence,
    usage: {
      input_tokens: usage.inputTokens,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
      output_tokens: usage.outputTokens,
      service_tier: 'standard',
    },
  };
  if (scenario?.malformed) return () => sendMalformed(res, request.stream ? { type: 'message_start', message } : message, request.stream, 'message_start');
  if (!request.stream) return () => sendJson(res, 200, message, headers);
  return () => streamMessage(call, message, ending, headers, scenario);
}
