// GET /v1/models of the Anthropic API: the Claude models the simulator serves, newest first, paged.

export interface AnthropicModel {
  type: 'model';
  id: string;
  display_name: string;
  /** RFC 3339; the simulator's dates are the models' release days, approximate for some. */
  created_at: string;
  max_input_tokens: number;
  /** Most output tokens a request may ask for (`max_tokens`). */
  max_tokens: number;
}

export interface AnthropicCatalogEntry {
  model: AnthropicModel;
  /** Other ids that reach this model (an alias of a dated snapshot); answers name `model.id`. */
  aliases?: string[];
  /**
   * Claude 4.7 and later accept only the default sampling values: a request that sets temperature
   * or top_p to anything else, or top_k at all, is refused (API version 2023-06-01).
   */
  samplingDefaultsOnly: boolean;
  /** Refuses `temperature` and `top_p` in the same request. */
  temperatureOrTopP?: boolean;
}

function entry(id: string, name: string, day: string, options: Partial<AnthropicCatalogEntry> & { maxTokens?: number; maxInput?: number } = {}): AnthropicCatalogEntry {
  const { maxTokens = 128_000, maxInput = 1_000_000, samplingDefaultsOnly = true, ...rest } = options;
  return {
    model: { type: 'model', id, display_name: name, created_at: `${day}T00:00:00Z`, max_input_tokens: maxInput, max_tokens: maxTokens },
    samplingDefaultsOnly,
    ...rest,
  };
}

/** Newest first, as the real list is ordered. */
const catalog: AnthropicCatalogEntry[] = [
  entry('claude-fable-5-2', 'Claude Fable 5.2', '2026-11-18'),
  entry('claude-opus-5-5', 'Claude Opus 5.5', '2026-10-07'),
  entry('claude-haiku-5-5', 'Claude Haiku 5.5', '2026-10-07'),
  entry('claude-sonnet-5-5', 'Claude Sonnet 5.5', '2026-09-24'),
  entry('claude-opus-5', 'Claude Opus 5', '2026-07-24'),
  entry('claude-sonnet-5', 'Claude Sonnet 5', '2026-07-01'),
  entry('claude-opus-4-8', 'Claude Opus 4.8', '2026-05-28'),
  entry('claude-opus-4-7', 'Claude Opus 4.7', '2026-04-16'),
  entry('claude-sonnet-4-6', 'Claude Sonnet 4.6', '2026-02-17', { samplingDefaultsOnly: false }),
  entry('claude-opus-4-6', 'Claude Opus 4.6', '2026-02-05', { samplingDefaultsOnly: false }),
  entry('claude-haiku-4-5-20251001', 'Claude Haiku 4.5', '2025-10-15', {
    aliases: ['claude-haiku-4-5'], maxTokens: 64_000, maxInput: 200_000, samplingDefaultsOnly: false, temperatureOrTopP: true,
  }),
];

export function findAnthropicModel(id: string): AnthropicCatalogEntry | undefined {
  return catalog.find((item) => item.model.id === id || item.aliases?.includes(id));
}

export interface ModelPage {
  data: AnthropicModel[];
  has_more: boolean;
  first_id: string | null;
  last_id: string | null;
}

/**
 * One page: `limit` models (1–1000, default 20) after `after_id` or before `before_id`, each
 * excluded. An id that is not in the list gives an empty page. Returns a message for a bad `limit`.
 */
export function pageOfAnthropicModels(query: URLSearchParams): { ok: true; page: ModelPage } | { ok: false; message: string } {
  const rawLimit = query.get('limit');
  const limit = rawLimit === null ? 20 : Number(rawLimit);
  if (!Number.isInteger(limit)) return { ok: false, message: 'limit: Input should be a valid integer' };
  if (limit < 1) return { ok: false, message: 'limit: Input should be greater than or equal to 1' };
  if (limit > 1000) return { ok: false, message: 'limit: Input should be less than or equal to 1000' };
  const models = catalog.map((item) => item.model);
  const afterId = query.get('after_id');
  const beforeId = query.get('before_id');
  let slice: AnthropicModel[];
  let hasMore: boolean;
  if (beforeId !== null) {
    const end = models.findIndex((model) => model.id === beforeId);
    const start = Math.max(0, end - limit);
    slice = end === -1 ? [] : models.slice(start, end);
    hasMore = end !== -1 && start > 0;
  } else {
    const start = afterId === null ? 0 : models.findIndex((model) => model.id === afterId) + 1;
    slice = afterId !== null && start === 0 ? [] : models.slice(start, start + limit);
    hasMore = slice.length > 0 && start + limit < models.length;
  }
  const data = slice.map((model) => ({ ...model }));
  return { ok: true, page: { data, has_more: hasMore, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null } };
}
