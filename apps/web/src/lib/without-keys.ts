import type { TComparisonRequestInput, TPairRequestInput } from '@promptpair/contract';

const strip = <S extends { apiKey?: string | undefined }>({ apiKey: _key, ...settings }: S) => settings;

/**
 * A comparison request as the page keeps it once sent (for the Markdown copy of its results): the
 * same, without any key, so a key lives only in the form that holds it. Either body shape.
 */
export function withoutKeys(request: TComparisonRequestInput): TComparisonRequestInput;
export function withoutKeys(request: TPairRequestInput): TPairRequestInput;
export function withoutKeys(request: TComparisonRequestInput | TPairRequestInput): TComparisonRequestInput | TPairRequestInput;
export function withoutKeys(request: TComparisonRequestInput | TPairRequestInput): TComparisonRequestInput | TPairRequestInput {
  if ('sides' in request) return { ...request, sides: { a: strip(request.sides.a), b: strip(request.sides.b) } };
  const { chatGPT, bardAPI, ...rest } = request;
  return { ...rest, ...(chatGPT ? { chatGPT: strip(chatGPT) } : {}), ...(bardAPI ? { bardAPI: strip(bardAPI) } : {}) };
}
