import type { Side, TServiceKind } from '@promptpair/contract';
import { DEFAULT_SIDE_SERVICES, type ComparisonSettings, type KindForms } from './settings-model.ts';

/*
 * Which service and model stand on each side, and the form a side shows for its service's kind.
 * Pure, so the rules are tested without a page: the spec's pair is the default, and each side keeps
 * one form per kind.
 */

export const PAGE_SIDES = ['a', 'b'] as const satisfies readonly Side[];

/** The spec's pair: the page then sends the spec's body exactly (docs/product.md §3). */
export const isSpecPair = (settings: ComparisonSettings): boolean =>
  settings.sides.a.service === DEFAULT_SIDE_SERVICES.a.service && settings.sides.b.service === DEFAULT_SIDE_SERVICES.b.service;

/** The form side `side` holds for `kind`. */
export function formOf<K extends TServiceKind>(settings: ComparisonSettings, side: Side, kind: K): KindForms[K] {
  return settings.sides[side].forms[kind];
}

/** `settings` with side `side`'s form for `kind` replaced by `form`. */
export function withForm<K extends TServiceKind>(settings: ComparisonSettings, side: Side, kind: K, form: KindForms[K]): ComparisonSettings {
  const current = settings.sides[side];
  return { ...settings, sides: { ...settings.sides, [side]: { ...current, forms: { ...current.forms, [kind]: form } } } };
}

/** The side's current form, of its service's kind. */
export const currentForm = (settings: ComparisonSettings, side: Side) => formOf(settings, side, settings.sides[side].kind);
