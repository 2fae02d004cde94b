// The Anthropic kind: Claude through the Messages API and the official SDK, streamed or whole.
import Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsNonStreaming, MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages';
import type { TAnthropicSettings } from '@promptpair/contract';
import type { ErrorContext } from '../errors.ts';
import { assertKey, upstreamError } from '../errors.ts';
import type { GenerateInput, ServiceAdapter, UpstreamConfig } from '../types.ts';
import { translateAnthropicError } from './errors.ts';
import { toMessagesBody, type MessagesBody } from './request.ts';
import { fromMessage } from './response.ts';
import { MessageAssembler } from './stream-assembly.ts';

export type AnthropicAdapter = ServiceAdapter<TAnthropicSettings>;

export interface AnthropicService {
  /** As the SDK takes it: without /v1 (the SDK adds /v1/messages). */
  baseUrl: string;
  /** The name the visitor sees in error texts. */
  displayName?: string;
  /** Models asked for per page of GET /v1/models; the API allows 1 to 1000. */
  modelsPageSize?: number;
}

/**
 * The API version every call sends. 2026-10-21 (what SDK 1.x sends by default) refuses
 * temperature, top_p and top_k outright, which the product exists to compare; 2023-06-01 still
 * takes them on the models that do (docs/decisions.md, "Anthropic API version").
 */
export const ANTHROPIC_API_VERSION = '2023-06-01';
const KEY_PER_CALL = 'sk-ant-each-call-sends-its-own-key';
/** A bound on pages of one model list, against a service that never says it is done. */
const MAX_MODEL_PAGES = 20;

/**
 * One client per adapter, built once, as for OpenAI: each call sends its own key as `x-api-key`
 * and removes the `Authorization: Bearer` SDK 1.x would build from the client's placeholder key,
 * so the placeholder never leaves. SDK retries are off (withRetries owns them), its own logging
 * and tracing too (our logs say what failed, without the key).
 */
function sharedClient(config: UpstreamConfig, service: AnthropicService): Anthropic {
  return new Anthropic({
    apiKey: KEY_PER_CALL,
    baseURL: service.baseUrl,
    maxRetries: 0,
    timeout: config.timeoutMs,
    logLevel: 'off',
    openTelemetry: { traces: false, propagation: false },
    ...(config.fetch ? { fetch: config.fetch } : {}),
  });
}
const withKey = (apiKey: string, signal: AbortSignal | undefined) => ({
  signal,
  headers: { 'x-api-key': apiKey, Authorization: null, 'anthropic-version': ANTHROPIC_API_VERSION },
});

// The SDK's body types lack the sampling fields 2023-06-01 takes: the wire body is ours (request.ts).
const jsonBody = (body: MessagesBody) => body as unknown as MessageCreateParamsNonStreaming;
const streamBody = (body: MessagesBody) => ({ ...body, stream: true }) as unknown as MessageCreateParamsStreaming;

async function streamMessage(client: Anthropic, body: MessagesBody, input: GenerateInput<TAnthropicSettings>, ctx: ErrorContext): Promise<unknown> {
  const assembler = new MessageAssembler();
  let wrote = false;
  try {
    const stream = await client.messages.create(streamBody(body), withKey(input.apiKey, input.signal));
    for await (const event of stream) {
      const text = assembler.add(event);
      if (text !== '') {
        wrote = true;
        input.onText?.(text);
      }
    }
    // The SDK ends the iteration quietly when aborted: a cut-short answer must not pass for a whole one.
    input.signal?.throwIfAborted();
  } catch (error) {
    const failure = translateAnthropicError(error, ctx);
    // Text already reached the visitor: whatever broke the stream, the answer broke off part-way.
    if (wrote && failure.code !== 'upstream_too_large' && failure.code !== 'upstream_timeout') {
      throw upstreamError('upstream_interrupted', ctx, { status: failure.status, cause: error });
    }
    throw failure;
  }
  // A stream that ended without message_stop was cut by something that closed it cleanly (a proxy).
  if (!assembler.complete) throw upstreamError(wrote ? 'upstream_interrupted' : 'upstream_bad_response', ctx, { status: 200 });
  return assembler.message();
}

export function createAnthropicAdapter(config: UpstreamConfig, service: AnthropicService): AnthropicAdapter {
  const client = sharedClient(config, service);
  const label = service.displayName ?? 'Claude';
  const pageSize = service.modelsPageSize ?? 100;
  return {
    async generate(input) {
      const body = toMessagesBody(input.prompt, input.settings);
      const ctx: ErrorContext = { serviceName: label, apiKey: input.apiKey, model: body.model, signal: input.signal };
      assertKey(ctx);
      let message: unknown;
      if (input.onText) message = await streamMessage(client, body, input, ctx);
      else {
        try {
          message = await client.messages.create(jsonBody(body), withKey(input.apiKey, input.signal));
        } catch (error) {
          throw translateAnthropicError(error, ctx);
        }
      }
      return fromMessage(message, ctx);
    },

    async listModels(apiKey, signal) {
      const ctx: ErrorContext = { serviceName: label, apiKey, signal };
      assertKey(ctx);
      const ids: string[] = [];
      try {
        let page = await client.models.list({ limit: pageSize }, withKey(apiKey, signal));
        for (let pages = 1; ; pages++) {
          for (const model of page.data as unknown[]) {
            const id = (model as { id?: unknown } | null)?.id;
            if (typeof id === 'string' && !ids.includes(id)) ids.push(id);
          }
          if (!page.hasNextPage() || pages >= MAX_MODEL_PAGES) break;
          page = await page.getNextPage();
        }
      } catch (error) {
        throw translateAnthropicError(error, ctx);
      }
      // Every model the API lists can answer Messages; newest first, as listed.
      return ids;
    },
  };
}
