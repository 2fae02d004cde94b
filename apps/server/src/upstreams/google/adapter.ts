// The "Palm API" column: Gemini through @google/genai, legacy PaLM through plain fetch.
import { GoogleGenAI } from '@google/genai';
import type { ErrorContext } from '../errors.ts';
import { assertKey } from '../errors.ts';
import type { BardAdapter, GenerateInput, Generation, UpstreamConfig } from '../types.ts';
import { SERVICE_NAMES, type TBardSettings } from '@promptpair/contract';
import { translateGoogleError } from './errors.ts';
import { bardModelId, isPalmModel, toGeminiRequest } from './gemini-request.ts';
import { fromGeminiResponse } from './gemini-response.ts';
import { GeminiResponseAssembler } from './gemini-stream-assembly.ts';
import { streamGeminiChunks } from './gemini-stream.ts';
import { fetchGoogleJson, googleUrl } from './http.ts';
import { listGoogleModels } from './models.ts';
import { countPalmUsage } from './palm-count.ts';
import { fromPalmResponse, toPalmRequest } from './palm.ts';

/** The Gemini API version of every generateContent call: the one docs/wire-formats.md describes and the simulator serves. */
const GEMINI_API_VERSION = 'v1beta';

/**
 * The SDK response as wire JSON: its fields minus sdkHttpResponse (headers). The SDK builds them as
 * plain objects from the parsed body and keeps its helpers (`text`, ...) on the prototype, so a
 * shallow copy is all JSON; a copy through JSON.stringify and parse cost CPU for nothing.
 */
function plainGeminiJson(response: object): Record<string, unknown> {
  const { sdkHttpResponse: _headers, ...rest } = response as Record<string, unknown>;
  return rest;
}

/**
 * One client per adapter (per base URL), built once, as for OpenAI: the key travels with each call
 * in its x-goog-api-key header (per-request httpOptions), which the SDK keeps over its own, so
 * the client's key is a placeholder that never leaves. SDK retries stay off (its default) because
 * withRetries owns the policy; automatic continuation is off so one call is one request. No SDK
 * timeout: every call runs inside withBudget's (index.ts), which aborts at the same timeoutMs with
 * retries included, and the SDK's armed a timer per call that it leaves running after a successful
 * answer (and a header for it), until it fired a minute later.
 */
function sharedClient(config: UpstreamConfig): GoogleGenAI {
  return new GoogleGenAI({
    apiKey: 'each-call-sends-its-own-key',
    // The version our wire format names (docs/wire-formats.md); @google/genai 3 defaults to v1.
    httpOptions: { baseUrl: config.googleBaseUrl, apiVersion: GEMINI_API_VERSION, ...(config.fetch ? { fetch: config.fetch } : {}) },
  });
}

async function generateGemini(ai: GoogleGenAI, config: UpstreamConfig, input: GenerateInput<TBardSettings>, ctx: ErrorContext): Promise<Generation> {
  const request = toGeminiRequest(input.prompt, input.settings);
  const params = {
    ...request,
    config: { ...request.config, abortSignal: input.signal, automaticContinuation: false, httpOptions: { headers: { 'x-goog-api-key': input.apiKey } } },
  };
  let json: unknown;
  try {
    if (input.onText) {
      // streamGenerateContent with alt=sse (gemini-stream.ts); the pieces are assembled into one response.
      const assembler = new GeminiResponseAssembler();
      const onText = input.onText;
      await streamGeminiChunks(ai, params, config.fetch ?? fetch, (chunk) => {
        const text = assembler.add(chunk);
        if (text !== '') onText(text);
      });
      input.signal?.throwIfAborted(); // an aborted stream must not pass for a whole answer
      json = assembler.response();
    } else {
      json = plainGeminiJson(await ai.models.generateContent(params));
    }
  } catch (error) {
    throw translateGoogleError(error, ctx);
  }
  return fromGeminiResponse(json, ctx);
}

async function generatePalm(config: UpstreamConfig, input: GenerateInput<TBardSettings>, ctx: ErrorContext): Promise<Generation> {
  const model = bardModelId(input.settings);
  const url = googleUrl(config.googleBaseUrl, `v1beta2/models/${model}:generateMessage`);
  const body = toPalmRequest(input.prompt, input.settings);
  const json = await fetchGoogleJson({ url, apiKey: input.apiKey, signal: input.signal, timeoutMs: config.timeoutMs, body, fetch: config.fetch }, ctx);
  const answer = fromPalmResponse(json, ctx);
  // generateMessage cannot stream: its whole text is the one piece.
  input.onText?.(answer.message);
  const counting = { baseUrl: config.googleBaseUrl, model, apiKey: input.apiKey, signal: input.signal, timeoutMs: config.timeoutMs, fetch: config.fetch };
  const usage = await countPalmUsage(counting, body.prompt, answer.message, ctx);
  return { ...answer, model, usage, tokens: usage ? usage.inputTokens + usage.outputTokens : null };
}

export function createGoogleAdapter(config: UpstreamConfig): BardAdapter {
  const ai = sharedClient(config);
  return {
    async generate(input) {
      const model = bardModelId(input.settings);
      const ctx: ErrorContext = { serviceName: SERVICE_NAMES.palmAPI, apiKey: input.apiKey, model, signal: input.signal };
      assertKey(ctx);
      return isPalmModel(model) ? generatePalm(config, input, ctx) : generateGemini(ai, config, input, ctx);
    },
    async listModels(apiKey, signal) {
      assertKey({ serviceName: SERVICE_NAMES.palmAPI, apiKey });
      return listGoogleModels(config, apiKey, signal);
    },
  };
}
