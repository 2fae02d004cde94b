// GET /v1/models catalog (docs/wire-formats.md §1.8). Non-chat models are listed on purpose so clients' filters get tested.
import type { ApiCall } from '../server-state.ts';
import type { CompatService } from '../types.ts';

export interface OpenAIModel {
  id: string;
  object: 'model';
  created: number;
  owned_by: string;
  /** YYYY-MM-DD: the day OpenAI stops serving the model, for models with an announced shutdown (§1.8). */
  shutdown_date?: string;
}

export interface CatalogEntry {
  model: OpenAIModel;
  /** Usable with /v1/chat/completions. */
  chat: boolean;
  /** The dated snapshot the real service reports in `model` of its answers. */
  snapshot?: string;
}

function entry(id: string, created: number, owned_by: string, chat: boolean, snapshot?: string, shutdownDate?: string): CatalogEntry {
  const model: OpenAIModel = { id, object: 'model', created, owned_by, ...(shutdownDate ? { shutdown_date: shutdownDate } : {}) };
  return { model, chat, ...(snapshot ? { snapshot } : {}) };
}

/** gpt-4o, gpt-4o-mini, gpt-4.1 and gpt-4.1-mini are served until this day (OpenAI's deprecations page, read 2026-11-27). */
const RETIRING = '2027-01-14';

/**
 * What /v1/models listed on 2026-11-27. gpt-3.5-turbo and o3-mini were shut down on 2026-10-23 and
 * are gone: a call for one is a 404 model_not_found, as for any unknown model.
 */
const catalog: CatalogEntry[] = [
  entry('gpt-5.1', 1762992000, 'system', true, 'gpt-5.1-2025-11-13'),
  entry('gpt-5.1-2025-11-13', 1762992000, 'system', true),
  entry('gpt-5', 1754524800, 'system', true, 'gpt-5-2025-08-07'),
  entry('gpt-5-mini', 1754524800, 'system', true, 'gpt-5-mini-2025-08-07'),
  entry('gpt-5-nano', 1754524800, 'system', true, 'gpt-5-nano-2025-08-07'),
  entry('o4-mini', 1744761600, 'system', true, 'o4-mini-2025-04-16'),
  entry('o3', 1744761600, 'system', true, 'o3-2025-04-16'),
  entry('gpt-4.1', 1744316542, 'system', true, 'gpt-4.1-2025-04-14', RETIRING),
  entry('gpt-4.1-mini', 1744318173, 'system', true, 'gpt-4.1-mini-2025-04-14', RETIRING),
  entry('gpt-4o', 1715367049, 'system', true, 'gpt-4o-2024-08-06', RETIRING),
  entry('gpt-4o-mini', 1721172741, 'system', true, 'gpt-4o-mini-2024-07-18', RETIRING),
  entry('gpt-4o-mini-2024-07-18', 1721172717, 'system', true, undefined, RETIRING),
  entry('text-embedding-3-small', 1705948997, 'system', false),
  entry('dall-e-3', 1698785189, 'system', false),
  entry('whisper-1', 1677532384, 'openai-internal', false),
  entry('tts-1', 1681940951, 'openai-internal', false),
  entry('omni-moderation-latest', 1731689265, 'system', false),
];

/** The catalog without the models a test hid (hiddenModels): they are neither listed nor served. */
function visible(hidden: ReadonlySet<string>): CatalogEntry[] {
  return catalog.filter((item) => !hidden.has(item.model.id));
}

export function listOpenAIModels(hidden: ReadonlySet<string> = new Set()): OpenAIModel[] {
  return visible(hidden).map((item) => ({ ...item.model }));
}

export function findOpenAIModel(id: string, hidden: ReadonlySet<string> = new Set()): CatalogEntry | undefined {
  return visible(hidden).find((item) => item.model.id === id);
}

/** o-series and gpt-5 reasoning models reject `max_tokens` and non-default sampling settings (§1.2); `-chat-latest` models do not reason. */
export function isReasoningModel(id: string): boolean {
  return /^o\d/.test(id) || (/^gpt-5/.test(id) && !id.includes('chat'));
}

/** The models one Chat Completions service serves: OpenAI's own, or a declared compatible service's. */
export interface ChatModelCatalog {
  list(): OpenAIModel[];
  find(id: string): CatalogEntry | undefined;
  isReasoning(id: string): boolean;
}

export const openaiCatalog: ChatModelCatalog = { list: () => listOpenAIModels(), find: (id) => findOpenAIModel(id), isReasoning: isReasoningModel };

function openaiCatalogHiding(hidden: ReadonlySet<string>): ChatModelCatalog {
  return { list: () => listOpenAIModels(hidden), find: (id) => findOpenAIModel(id, hidden), isReasoning: isReasoningModel };
}

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
  if (call.compat) return compatCatalog(call.compat);
  return call.state.options.hiddenModels.size > 0 ? openaiCatalogHiding(call.state.options.hiddenModels) : openaiCatalog;
}
