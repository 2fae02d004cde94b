import type { TComparisonRequestInput } from '@promptpair/contract';

/**
 * A comparison request as the page keeps it once sent (for the Markdown copy of its results): the
 * same, without either key, so a key lives only in the form that holds it.
 */
export function withoutKeys(request: TComparisonRequestInput): TComparisonRequestInput {
  const { chatGPT, bardAPI, ...rest } = request;
  const strip = <S extends { apiKey?: string | undefined }>({ apiKey: _key, ...settings }: S) => settings;
  return { ...rest, ...(chatGPT ? { chatGPT: strip(chatGPT) } : {}), ...(bardAPI ? { bardAPI: strip(bardAPI) } : {}) };
}
