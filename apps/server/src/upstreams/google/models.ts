// Model lists of the "Palm API" column: Gemini v1beta (§3.8) plus legacy PaLM v1beta2 (§2.5).
import { SERVICE_NAMES } from '@promptpair/contract';
import type { ErrorContext } from '../errors.ts';
import type { UpstreamConfig } from '../types.ts';
import { fetchGoogleJson, googleUrl } from './http.ts';

interface ModelPage {
  models: { name: string; methods: string[] }[];
  nextPageToken?: string;
}

/** Non-text Gemini variants that still list generateContent but cannot answer a text chat. */
const NOT_TEXT_CHAT = /(^|-)(tts|image|embedding|native-audio|live|veo|imagen)(-|$)/;
/** Safety net against a server that keeps handing out page tokens. */
const MAX_PAGES = 20;

function readPage(json: unknown): ModelPage {
  const page = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const models = (Array.isArray(page.models) ? page.models : []).flatMap((model: Record<string, unknown> | null) =>
    typeof model?.name === 'string'
      ? [{ name: model.name, methods: Array.isArray(model.supportedGenerationMethods) ? (model.supportedGenerationMethods as string[]) : [] }]
      : [],
  );
  const token = typeof page.nextPageToken === 'string' && page.nextPageToken !== '' ? page.nextPageToken : undefined;
  return { models, nextPageToken: token };
}

/** Every page of `{version}/models`, keeping ids (no `models/` prefix) that support `method`. */
async function listVersion(
  config: UpstreamConfig,
  version: 'v1beta' | 'v1beta2',
  method: string,
  apiKey: string,
  signal: AbortSignal,
  ctx: ErrorContext,
): Promise<string[]> {
  const ids: string[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    // The server's page size (50) is fine: the list is cached, and paging is followed anyway.
    const url = googleUrl(config.googleBaseUrl, `${version}/models`, { pageToken });
    const json = await fetchGoogleJson({ url, apiKey, signal, timeoutMs: config.timeoutMs, fetch: config.fetch }, ctx);
    const { models, nextPageToken } = readPage(json);
    ids.push(...models.filter((m) => m.methods.includes(method)).map((m) => m.name.replace(/^models\//, '')));
    if (!nextPageToken) break;
    pageToken = nextPageToken;
  }
  return ids;
}

/**
 * Gemini chat models first-class; PaLM chat models are added when v1beta2 still answers, and
 * its failure (expected since the 2024 shutdown) is ignored. A Gemini failure is the caller's.
 */
export async function listGoogleModels(config: UpstreamConfig, apiKey: string, signal: AbortSignal): Promise<string[]> {
  const ctx: ErrorContext = { serviceName: SERVICE_NAMES.palmAPI, apiKey, signal };
  const [gemini, palm] = await Promise.all([
    listVersion(config, 'v1beta', 'generateContent', apiKey, signal, ctx),
    listVersion(config, 'v1beta2', 'generateMessage', apiKey, signal, ctx).catch(() => []),
  ]);
  const chat = gemini.filter((id) => !NOT_TEXT_CHAT.test(id));
  return [...new Set([...chat, ...palm])].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}
