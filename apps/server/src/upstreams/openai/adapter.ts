// The "ChatGPT" column: OpenAI Chat Completions through the official SDK (docs/wire-formats.md §1).
import OpenAI from 'openai';
import { SERVICE_NAMES } from '@promptpair/contract';
import type { ErrorContext } from '../errors.ts';
import { assertKey, upstreamError } from '../errors.ts';
import type { ChatGptAdapter, UpstreamConfig } from '../types.ts';
import { translateOpenAiError } from './errors.ts';
import { toChatCompletionRequest } from './request.ts';
import { chatModelEntries, fromChatCompletion } from './response.ts';
import type { ListedModel } from '../model-offer.ts';
import { ChatCompletionAssembler } from './stream-assembly.ts';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';

const KEY_PER_CALL = 'sk-each-call-sends-its-own-key';

/**
 * One client per adapter (per base URL), built once: building one per call cost more CPU than the
 * call's own request. The key is not the client's: each call sends its own (visitor's or
 * operators') in its request headers, so no key outlives its call or is shared between callers,
 * and the client's own key is a placeholder that never leaves (every call overrides it). SDK
 * retries are off because withRetries owns the retry policy and its budget.
 */
function sharedClient(config: UpstreamConfig): OpenAI {
  return new OpenAI({ apiKey: KEY_PER_CALL, baseURL: config.openaiBaseUrl, maxRetries: 0, timeout: config.timeoutMs, ...(config.fetch ? { fetch: config.fetch } : {}) });
}
const withKey = (apiKey: string, signal: AbortSignal | undefined) => ({ signal, headers: { Authorization: `Bearer ${apiKey}` } });

/**
 * Streams with usage in the last chunk (stream_options.include_usage), handing each piece of the
 * first choice to `onText`, and returns the chunks assembled into a chat.completion object.
 */
async function streamCompletion(client: OpenAI, request: ChatCompletionCreateParamsNonStreaming, apiKey: string, signal: AbortSignal | undefined, onText: (text: string) => void) {
  const stream = await client.chat.completions.create({ ...request, stream: true, stream_options: { include_usage: true } }, withKey(apiKey, signal));
  const assembler = new ChatCompletionAssembler();
  for await (const chunk of stream) {
    const text = assembler.add(chunk);
    if (text !== '') onText(text);
  }
  // The SDK ends the iteration quietly when aborted: a cut-short answer must not pass for a whole one.
  signal?.throwIfAborted();
  return assembler.completion();
}

/**
 * `service` names an OpenAI-compatible service in error texts (its display name) and lists every
 * model it serves (its ids are not OpenAI's); without it the adapter is the spec's ChatGPT side.
 */
export function createOpenAiAdapter(config: UpstreamConfig, service: { displayName?: string } = {}): ChatGptAdapter {
  const client = sharedClient(config);
  const label = service.displayName ?? SERVICE_NAMES.chatGPT;
  return {
    async generate({ prompt, settings, apiKey, signal, onText }) {
      const request = toChatCompletionRequest(prompt, settings);
      const ctx: ErrorContext = { serviceName: label, apiKey, model: request.model, signal };
      assertKey(ctx);
      let body: unknown;
      try {
        body = onText ? await streamCompletion(client, request, apiKey, signal, onText) : await client.chat.completions.create(request, withKey(apiKey, signal));
      } catch (error) {
        throw translateOpenAiError(error, ctx);
      }
      return fromChatCompletion(body, ctx);
    },

    async listModels(apiKey, signal) {
      return (await listEntries(apiKey, signal)).map((model) => model.id);
    },
    listModelEntries: listEntries,
  };

  async function listEntries(apiKey: string, signal: AbortSignal): Promise<ListedModel[]> {
    const ctx: ErrorContext = { serviceName: label, apiKey, signal };
    assertKey(ctx);
    try {
      // /v1/models has no pagination (docs/wire-formats.md §1.8); the SDK page holds every model.
      const page = await client.models.list(withKey(apiKey, signal));
      const data: unknown = page.data;
      if (!Array.isArray(data)) throw upstreamError('upstream_bad_response', ctx, { status: 200 });
      return chatModelEntries(data, { everyModel: Boolean(service.displayName) });
    } catch (error) {
      throw translateOpenAiError(error, ctx);
    }
  }
}
