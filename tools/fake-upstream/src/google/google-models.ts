// Model catalogs for GET /v1beta/models (docs/wire-formats.md §3.8) and GET /v1beta2/models (§2.5), with paging.
import { invalidArgument, type GoogleErrorReply } from './google-errors.ts';

export interface GoogleModel {
  name: string;
  version: string;
  displayName: string;
  description: string;
  inputTokenLimit: number;
  outputTokenLimit: number;
  supportedGenerationMethods: string[];
  temperature?: number;
  maxTemperature?: number;
  topP?: number;
  topK?: number;
  thinking?: boolean;
}

const geminiChatMethods = ['generateContent', 'countTokens', 'createCachedContent', 'batchGenerateContent'];

/**
 * What /v1beta/models listed on 2026-11-27. Google drops a model from the list once it is shut
 * down: gemini-2.0-flash (2026-06-01), gemini-2.5-flash and gemini-2.5-pro are gone, and a call for
 * one is a 404 NOT_FOUND, as for any unknown model.
 */
export const geminiModels: GoogleModel[] = [
  {
    name: 'models/gemini-3-pro-preview', version: '3-pro-preview-11-2025', displayName: 'Gemini 3 Pro Preview', description: 'Gemini 3 Pro Preview',
    inputTokenLimit: 1048576, outputTokenLimit: 65536, supportedGenerationMethods: geminiChatMethods,
    temperature: 1, topP: 0.95, topK: 64, maxTemperature: 2, thinking: true,
  },
  {
    name: 'models/gemini-3-flash-preview', version: '3-flash-preview-12-2025', displayName: 'Gemini 3 Flash Preview', description: 'Gemini 3 Flash Preview',
    inputTokenLimit: 1048576, outputTokenLimit: 65536, supportedGenerationMethods: geminiChatMethods,
    temperature: 1, topP: 0.95, topK: 64, maxTemperature: 2, thinking: true,
  },
  {
    name: 'models/gemini-3-pro-image-preview', version: '3.0', displayName: 'Nano Banana Pro', description: 'Gemini 3 Pro Image Preview',
    inputTokenLimit: 65536, outputTokenLimit: 32768, supportedGenerationMethods: geminiChatMethods,
    temperature: 1, topP: 0.95, topK: 64, maxTemperature: 2, thinking: true,
  },
  {
    name: 'models/gemini-embedding-001', version: '001', displayName: 'Gemini Embedding 001', description: 'Obtain a distributed representation of a text.',
    inputTokenLimit: 2048, outputTokenLimit: 1, supportedGenerationMethods: ['embedContent', 'countTextTokens', 'countTokens', 'asyncBatchEmbedContent'],
  },
];

export const palmModels: GoogleModel[] = [
  {
    name: 'models/chat-bison-001', version: '001', displayName: 'PaLM 2 Chat (Legacy)',
    description: 'A legacy text-only model optimized for chat conversations',
    inputTokenLimit: 4096, outputTokenLimit: 1024, supportedGenerationMethods: ['generateMessage', 'countMessageTokens'],
    temperature: 0.25, topP: 0.95, topK: 40,
  },
  {
    name: 'models/text-bison-001', version: '001', displayName: 'PaLM 2 (Legacy)', description: 'A legacy model that understands text and generates text as an output',
    inputTokenLimit: 8196, outputTokenLimit: 1024, supportedGenerationMethods: ['generateText', 'countTextTokens', 'createTunedTextModel'],
    temperature: 0.7, topP: 0.95, topK: 40,
  },
  {
    name: 'models/embedding-gecko-001', version: '001', displayName: 'Embedding Gecko', description: 'Obtain a distributed representation of a text.',
    inputTokenLimit: 1024, outputTokenLimit: 1, supportedGenerationMethods: ['embedText', 'countTextTokens'],
  },
];

export function findGoogleModel(catalog: GoogleModel[], id: string): GoogleModel | undefined {
  return catalog.find((model) => model.name === `models/${id}` || model.name === id);
}

/** A catalog without the models a test hid (hiddenModels): they are neither listed nor served. */
export function withoutHidden(catalog: GoogleModel[], hidden: ReadonlySet<string>): GoogleModel[] {
  return hidden.size === 0 ? catalog : catalog.filter((model) => !hidden.has(model.name.replace(/^models\//, '')));
}

/** Small on purpose (the real default is 50) so clients must follow nextPageToken. */
export const defaultPageSize = 3;

const encodeToken = (offset: number): string => Buffer.from(`offset:${offset}`).toString('base64url');
function decodeToken(token: string): number | undefined {
  const match = /^offset:(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : undefined;
}

export type ModelPage = { ok: true; page: { models: GoogleModel[]; nextPageToken?: string } } | { ok: false; reply: GoogleErrorReply };

export function pageOfModels(catalog: GoogleModel[], query: URLSearchParams): ModelPage {
  const sizeText = query.get('pageSize') ?? query.get('page_size');
  const size = sizeText === null || sizeText === '' || Number(sizeText) === 0 ? defaultPageSize : Number(sizeText);
  if (!Number.isInteger(size) || size < 0) return { ok: false, reply: invalidArgument(`Invalid value at 'page_size' (TYPE_INT32), "${sizeText ?? ''}"`, 'page_size') };
  const token = query.get('pageToken') ?? query.get('page_token') ?? '';
  const offset = token === '' ? 0 : decodeToken(token);
  if (offset === undefined || offset > catalog.length) return { ok: false, reply: invalidArgument('Invalid page token.', 'page_token') };
  const end = offset + Math.min(size, 1000);
  const models = catalog.slice(offset, end).map((model) => ({ ...model }));
  return { ok: true, page: end < catalog.length ? { models, nextPageToken: encodeToken(end) } : { models } };
}
