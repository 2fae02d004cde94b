// The OpenAI-compatible kind: any service that speaks OpenAI's Chat Completions (a model router, a
// local server). Its request, answer, stream and errors are OpenAI's (upstreams/openai/); what is
// its own comes from the operator's declaration in SERVICES_FILE: the models it offers, their
// prices and the settings it accepts.
import type { TChatGptSettings } from '@promptpair/contract';
import { createOpenAiAdapter } from '../openai/adapter.ts';
import type { ServiceAdapter, UpstreamConfig } from '../types.ts';

export type CompatibleAdapter = ServiceAdapter<TChatGptSettings>;

/** The adapter of one declared service: OpenAI's wire format at the service's base URL, named as declared in error texts. */
export function createCompatibleAdapter(config: UpstreamConfig, service: { baseUrl: string; displayName: string }): CompatibleAdapter {
  return createOpenAiAdapter({ ...config, openaiBaseUrl: service.baseUrl }, { displayName: service.displayName });
}
