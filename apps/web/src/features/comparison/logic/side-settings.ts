import type { Side, TServiceKind } from '@promptpair/contract';
import { DEFAULT_SIDE_SERVICES, type ComparisonSettings, type KindForms } from './settings-model.ts';

/*
 * Which service and model stand on each side, and the form a side shows for its service's kind.
 * Pure, so the rules are tested without a page: the spec's pair is the default, a side's form of
 * its spec kind is the spec's own (side a's OpenAI form is `chatGPT`, side b's Google form is `bard`).
 */

export const PAGE_SIDES = ['a', 'b'] as const satisfies readonly Side[];

/** The spec's pair: the page then sends the spec's body exactly (docs/product.md §3). */
export const isSpecPair = (settings: ComparisonSettings): boolean =>
  settings.sides.a.service === DEFAULT_SIDE_SERVICES.a.service && settings.sides.b.service === DEFAULT_SIDE_SERVICES.b.service;

/** The form side `side` holds for `kind`. */
export function formOf<K extends TServiceKind>(settings: ComparisonSettings, side: Side, kind: K): KindForms[K] {
  if (side === 'a' && kind === 'openai') return settings.chatGPT as KindForms[K];
  if (side === 'b' && kind === 'google') return settings.bard as KindForms[K];
  return (settings.sides[side].forms as Partial<KindForms>)[kind] as KindForms[K];
}

/** `settings` with side `side`'s form for `kind` replaced by `form`. */
export function withForm<K extends TServiceKind>(settings: ComparisonSettings, side: Side, kind: K, form: KindForms[K]): ComparisonSettings {
  if (side === 'a' && kind === 'openai') return { ...settings, chatGPT: form as KindForms['openai'] };
  if (side === 'b' && kind === 'google') return { ...settings, bard: form as KindForms['google'] };
  const current = settings.sides[side];
  return { ...settings, sides: { ...settings.sides, [side]: { ...current, forms: { ...current.forms, [kind]: form } } } };
}

/** The side's current form, of its service's kind. */
export const currentForm = (settings: ComparisonSettings, side: Side) => formOf(settings, side, settings.sides[side].kind);
