// GET /v1/models catalog (providers.md §1.8). Non-chat models are listed on purpose so clients' filters get tested.
import type { ApiCall } from '../server-state.ts';
import type { CompatService } from '../types.ts';

export interface OpenAIModel {
  id: string;
  object: 'model';
  created: number;
  owned_by: string;
}

export interface CatalogEntry {
  model: OpenAIModel;
  /** Usable with /v1/chat/completions. */
  chat: boolean;
  /** The dated snapshot the real service reports in `model` of its answers. */
  snapshot?: string;
}

function entry(id: string, created: number, owned_by: string, chat: boolean, snapshot?: string): CatalogEntry {
  return { model: { id, object: 'model', created, owned_by }, chat, ...(snapshot ? { snapshot } : {}) };
}

const catalog: CatalogEntry[] = [
  entry('gpt-4o-mini', 1721172741, 'system', true, 'gpt-4o-mini-2024-07-18'),
  entry('gpt-4o-mini-2024-07-18', 1721172717, 'system', true),
  entry('gpt-4o', 1715367049, 'system', true, 'gpt-4o-2024-08-06'),
  entry('gpt-4o-2024-08-06', 1722814719, 'system', true),
  entry('gpt-4.1-mini', 1744318173, 'system', true, 'gpt-4.1-mini-2025-04-14'),
  entry('gpt-4.1', 1744316542, 'system', true, 'gpt-4.1-2025-04-14'),
  entry('gpt-3.5-turbo', 1677610602, 'openai', true, 'gpt-3.5-turbo-0125'),
  entry('o3-mini', 1737146383, 'system', true, 'o3-mini-2025-01-31'),
  entry('text-embedding-3-small', 1705948997, 'system', false),
  entry('dall-e-3', 1698785189, 'system', false),
  entry('whisper-1', 1677532384, 'openai-internal', false),
  entry('tts-1', 1681940951, 'openai-internal', false),
];

export function listOpenAIModels(): OpenAIModel[] {
  return catalog.map((item) => ({ ...item.model }));
}

export function findOpenAIModel(id: string): CatalogEntry | undefined {
  return catalog.find((item) => item.model.id === id);
}

/** o-series reasoning models reject `max_tokens` and non-default sampling settings (§1.2). */
export function isReasoningModel(id: string): boolean {
  return /^o\d/.test(id);
}

/** The models one Chat Completions service serves: OpenAI's own, or a declared compatible service's. */
export interface ChatModelCatalog {
  list(): OpenAIModel[];
  find(id: string): CatalogEntry | undefined;
  isReasoning(id: string): boolean;
}

export const openaiCatalog: ChatModelCatalog = { list: listOpenAIModels, find: findOpenAIModel, isReasoning: isReasoningModel };

/** A compatible service's declared models: every one chats, none is an OpenAI reasoning model. */
export function compatCatalog(service: CompatService): ChatModelCatalog {
  // 2026-01-01T00:00:00Z: compatible servers report some fixed time; the value is not read.
  const entries = service.models.map((id) => entry(id, 1767225600, service.id, true));
  return {
    list: () => entries.map((item) => ({ ...item.model })),
    find: (id) => entries.find((item) => item.model.id === id),
    isReasoning: () => false,
  };
}

/** The models of the service called: OpenAI's, or the declared compatible service's. */
export function catalogOf(call: ApiCall): ChatModelCatalog {
  return call.compat ? compatCatalog(call.compat) : openaiCatalog;
}
