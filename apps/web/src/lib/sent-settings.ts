import type { Side, TComparisonRequestInput, TPairRequestInput } from '@promptpair/contract';

type Settings = Readonly<Record<string, unknown>>;

/**
 * What each box's side was sent with, for the Markdown copy: the spec's body's settings objects,
 * or a general pair's side as one object (model, messages, settings). Null for a left-out side.
 * This reads the request's shape: the spec's body keeps side a's settings in `chatGPT`, side b's in `bardAPI`.
 */
export function sentSettings(request: TComparisonRequestInput | TPairRequestInput): Record<Side, Settings | null> {
  if (!('sides' in request)) return { a: request.chatGPT ?? null, b: request.bardAPI ?? null };
  // A left-out side names its service only.
  const side = ({ service: _service, settings, apiKey: _key, ...rest }: TPairRequestInput['sides']['a']): Settings | null =>
    Object.keys(rest).length === 0 && settings === undefined ? null : { ...rest, ...settings };
  return { a: side(request.sides.a), b: side(request.sides.b) };
}
