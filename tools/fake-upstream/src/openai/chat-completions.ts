// POST /v1/chat/completions: scenario, auth, validation, then a deterministic chat.completion (§1.4) or stream (§1.5).
import { randomBytes } from 'node:crypto';
import { stripDirectives } from '../directives.ts';
import { answerAfterLatency, pickScenario, type Reply } from '../generation-gate.ts';
import { sendJson, sendMalformed } from '../http-io.ts';
import { isAcceptedKey, type ApiCall } from '../server-state.ts';
import type { Scenario } from '../types.ts';
import { composeAnswer, estimateTokens, limitAnswer } from '../simulated-text.ts';
import { streamChatCompletion } from './chat-completion-stream.ts';
import { authError, invalidRequest, openaiHeaders, rateLimitHeaders, scenarioError, sendOpenAIError } from './openai-errors.ts';
import { catalogOf } from './openai-models.ts';
import { validateChatRequest } from './validate-chat-request.ts';

const unparsableBody = invalidRequest(
  "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON. If you have trouble figuring out how to fix this, please contact us through our help center at help.openai.com.)",
);

export function bearerKey(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(.*)$/i.exec(authorization ?? '');
  return match?.[1]?.trim() || undefined;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) => (typeof part === 'object' && part !== null && 'text' in part && typeof part.text === 'string' ? part.text : ''))
    .filter(Boolean)
    .join('\n');
}

function messagesOf(body: unknown): Array<Record<string, unknown>> {
  const messages = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['messages'] : undefined;
  return Array.isArray(messages) ? messages.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null) : [];
}

/** Text of the last user message: where directives are read and what the simulated answer quotes. */
export function lastUserText(body: unknown): string {
  const last = messagesOf(body).filter((message) => message['role'] === 'user').at(-1);
  return textOf(last?.['content']);
}

/** Reasoning tokens a reasoning model's every answer reports: fixed, so tests can count them. */
export const SIMULATED_REASONING_TOKENS = 64;

export async function handleChatCompletions(call: ApiCall): Promise<void> {
  const promptWithDirectives = lastUserText(call.body);
  const scenario = pickScenario(call, promptWithDirectives);
  await answerAfterLatency(call, scenario, () => prepareChatCompletion(call, scenario, promptWithDirectives));
}

function prepareChatCompletion(call: ApiCall, scenario: Scenario | undefined, promptWithDirectives: string): Reply {
  const { res } = call;

  const key = bearerKey(call.req.headers.authorization);
  if (!isAcceptedKey(key, call.state.options)) return () => sendOpenAIError(res, authError(key));
  const model: unknown = typeof call.body === 'object' && call.body !== null ? (call.body as Record<string, unknown>)['model'] : undefined;
  const requestedModel = typeof model === 'string' ? model : 'gpt-4o-mini';
  if (scenario?.status !== undefined || scenario?.quota || scenario?.context) return () => sendOpenAIError(res, scenarioError(scenario, requestedModel, key));
  if (!call.bodyIsJson) return () => sendOpenAIError(res, unparsableBody);

  const validation = validateChatRequest(call.body, catalogOf(call));
  if (!validation.ok) return () => sendOpenAIError(res, validation.reply);
  const request = validation.request;

  const prompt = stripDirectives(promptWithDirectives);
  const systemText = request.messages
    .filter((message) => message['role'] === 'system' || message['role'] === 'developer')
    .map((message) => textOf(message['content']))
    .join('\n');
  const answers = Array.from({ length: request.n }, (_, choiceIndex) =>
    limitAnswer(
      composeAnswer({ label: call.compat?.name ?? 'ChatGPT', model: request.model, prompt, systemText, choiceIndex, choiceCount: request.n, overrideText: scenario?.text, style: call.state.options.answerStyle }),
      request.maxTokens,
      request.stop,
    ),
  );
  const promptTokens = estimateTokens(request.messages.map((message) => stripDirectives(textOf(message['content']))).join('\n'));
  // A reasoning model thinks before it writes: those tokens are billed as output and counted apart (§1.4).
  const reasoningTokens = catalogOf(call).isReasoning(request.model) ? SIMULATED_REASONING_TOKENS : 0;
  const completionTokens = answers.reduce((sum, answer) => sum + estimateTokens(answer.text), 0) + reasoningTokens;
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: reasoningTokens, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
  };
  const identity = {
    id: `chatcmpl-${randomBytes(15).toString('base64url')}`,
    created: Math.floor(Date.now() / 1000),
    model: request.servedModel,
  };
  const headers = { ...openaiHeaders(), ...rateLimitHeaders(false) };
  // Some compatible servers never report usage; a scenario makes any call answer so.
  const withUsage = !scenario?.noUsage && call.compat?.usage !== false;
  const completion = {
    id: identity.id,
    object: 'chat.completion',
    created: identity.created,
    model: identity.model,
    choices: answers.map((answer, index) => ({
      index,
      message: { role: 'assistant', content: answer.text, refusal: null, annotations: [] },
      logprobs: null,
      finish_reason: answer.ending,
    })),
    ...(withUsage ? { usage } : {}),
    service_tier: 'default',
    system_fingerprint: 'fp_fakeupstrm',
  };
  if (scenario?.malformed) return () => sendMalformed(res, completion, request.stream);
  if (!request.stream) return () => sendJson(res, 200, completion, headers);
  return () => streamChatCompletion(call, identity, answers, {
    includeUsage: request.includeUsage && withUsage, includeObfuscation: request.includeObfuscation, usage, headers,
  }, scenario);
}
