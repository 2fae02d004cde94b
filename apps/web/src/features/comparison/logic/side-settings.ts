import { SIDE_TEXTS, type PageSide, type TServiceInfo, type TServiceKind } from '@promptpair/contract';
import { DEFAULT_SIDE_SERVICES, type ComparisonSettings, type KindForms } from './settings-model.ts';

/*
 * Which service and model stand on each side, and the form a side shows for its service's kind.
 * Pure, so the rules are tested without a page: the spec's pair is the default, a side's form of
 * its spec kind is the spec's own (side a's OpenAI form is `chatGPT`, side b's Google form is `bard`).
 */

export const PAGE_SIDES = ['a', 'b'] as const satisfies readonly PageSide[];

/** The spec's pair: the page then sends the spec's body exactly (docs/product.md §3). */
export const isSpecPair = (settings: ComparisonSettings): boolean =>
  settings.sides.a.service === DEFAULT_SIDE_SERVICES.a.service && settings.sides.b.service === DEFAULT_SIDE_SERVICES.b.service;

/** The form side `side` holds for `kind`. */
export function formOf<K extends TServiceKind>(settings: ComparisonSettings, side: PageSide, kind: K): KindForms[K] {
  if (side === 'a' && kind === 'openai') return settings.chatGPT as KindForms[K];
  if (side === 'b' && kind === 'google') return settings.bard as KindForms[K];
  return (settings.sides[side].forms as Partial<KindForms>)[kind] as KindForms[K];
}

/** `settings` with side `side`'s form for `kind` replaced by `form`. */
export function withForm<K extends TServiceKind>(settings: ComparisonSettings, side: PageSide, kind: K, form: KindForms[K]): ComparisonSettings {
  if (side === 'a' && kind === 'openai') return { ...settings, chatGPT: form as KindForms['openai'] };
  if (side === 'b' && kind === 'google') return { ...settings, bard: form as KindForms['google'] };
  const current = settings.sides[side];
  return { ...settings, sides: { ...settings.sides, [side]: { ...current, forms: { ...current.forms, [kind]: form } } } };
}

/** The side's current form, of its service's kind. */
export const currentForm = (settings: ComparisonSettings, side: PageSide) => formOf(settings, side, settings.sides[side].kind);

/** A form whose model is not one of `service`'s takes its default; '' (no choice yet) too. */
function withOfferedModel(settings: ComparisonSettings, side: PageSide, service: TServiceInfo): ComparisonSettings {
  const form = formOf(settings, side, service.kind);
  if (service.models.includes(form.model) || service.defaultModel === '') return settings;
  return withForm(settings, side, service.kind, { ...form, model: service.defaultModel });
}

/** The visitor picked `service` for `side`: its kind's form shows, holding one of the service's models. */
export function chooseService(settings: ComparisonSettings, side: PageSide, service: TServiceInfo): ComparisonSettings {
  const picked = { ...settings, sides: { ...settings.sides, [side]: { ...settings.sides[side], service: service.id, kind: service.kind } } };
  return withOfferedModel(picked, side, service);
}

/** The spec forms' models are settled by GET /api/models (hooks/use-model-list.ts), with its notices. */
const isSpecForm = (side: PageSide, kind: TServiceKind) => DEFAULT_SIDE_SERVICES[side].kind === kind;

/**
 * The settings once the list of services is known: a remembered service no longer offered gives way
 * to the side's default with a notice, and a side's model not offered by its service to the
 * service's default (with a notice when it was a remembered choice).
 */
export function settleSides(settings: ComparisonSettings, services: readonly TServiceInfo[]): { settings: ComparisonSettings; notices: Partial<Record<PageSide, string>> } {
  let settled = settings;
  const notices: Partial<Record<PageSide, string>> = {};
  for (const side of PAGE_SIDES) {
    const chosen = settled.sides[side];
    let service = services.find((offered) => offered.id === chosen.service);
    if (!service) {
      const fallback = services.find((offered) => offered.id === DEFAULT_SIDE_SERVICES[side].service);
      if (!fallback) continue;
      notices[side] = SIDE_TEXTS.serviceGone(side, chosen.service, fallback.name);
      settled = { ...settled, sides: { ...settled.sides, [side]: { ...chosen, service: fallback.id, kind: fallback.kind } } };
      service = fallback;
    } else if (service.kind !== chosen.kind) {
      settled = { ...settled, sides: { ...settled.sides, [side]: { ...chosen, kind: service.kind } } };
    }
    if (isSpecForm(side, service.kind)) continue;
    const model = formOf(settled, side, service.kind).model;
    settled = withOfferedModel(settled, side, service);
    const replaced = formOf(settled, side, service.kind).model;
    if (model !== '' && replaced !== model && notices[side] === undefined) notices[side] = SIDE_TEXTS.modelGone(service.name, model, replaced);
  }
  return { settings: settled, notices };
}
