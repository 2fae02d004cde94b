import type { TComparisonRequestInput, TPairRequestInput } from '@promptpair/contract';

type Settings = Readonly<Record<string, unknown>>;

/**
 * What each box's side was sent with, for the Markdown copy: the spec's body's settings objects,
 * or a general pair's side as one object (model, messages, settings). Null for a left-out side.
 * The left box is the spec's chatGPT or side a, the right one palmAPI or side b.
 */
export function sentSettings(request: TComparisonRequestInput | TPairRequestInput): { chatGPT: Settings | null; palmAPI: Settings | null } {
  if (!('sides' in request)) return { chatGPT: request.chatGPT ?? null, palmAPI: request.bardAPI ?? null };
  // A left-out side names its service only.
  const side = ({ service: _service, settings, apiKey: _key, ...rest }: TPairRequestInput['sides']['a']): Settings | null =>
    Object.keys(rest).length === 0 && settings === undefined ? null : { ...rest, ...settings };
  return { chatGPT: side(request.sides.a), palmAPI: side(request.sides.b) };
}
