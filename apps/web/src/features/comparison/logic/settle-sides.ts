import { SIDE_TEXTS, type Side, type TServiceInfo, type TServiceKind } from '@promptpair/contract';
import { DEFAULT_SIDE_SERVICES, type ComparisonSettings } from './settings-model.ts';
import { formOf, PAGE_SIDES, withForm } from './side-settings.ts';

/*
 * A side's service as the visitor picks it, and both sides settled against the list of services.
 * Loaded with the service pickers, after the page's first paint (docs/ARCHITECTURE.md, "Web").
 */

/** A form whose model is not one of `service`'s takes its default; '' (no choice yet) too. */
function withOfferedModel(settings: ComparisonSettings, side: Side, service: TServiceInfo): ComparisonSettings {
  const form = formOf(settings, side, service.kind);
  if (service.models.includes(form.model) || service.defaultModel === '') return settings;
  return withForm(settings, side, service.kind, { ...form, model: service.defaultModel });
}

/** The visitor picked `service` for `side`: its kind's form shows, holding one of the service's models. */
export function chooseService(settings: ComparisonSettings, side: Side, service: TServiceInfo): ComparisonSettings {
  const picked = { ...settings, sides: { ...settings.sides, [side]: { ...settings.sides[side], service: service.id, kind: service.kind } } };
  return withOfferedModel(picked, side, service);
}

/** The spec forms' models are settled by GET /api/models (hooks/use-model-list.ts), with its notices. */
const isSpecForm = (side: Side, kind: TServiceKind) => DEFAULT_SIDE_SERVICES[side].kind === kind;

/**
 * The settings once the list of services is known: a remembered service no longer offered gives way
 * to the side's default with a notice, and a side's model not offered by its service to the
 * service's default (with a notice when it was a remembered choice).
 */
export function settleSides(settings: ComparisonSettings, services: readonly TServiceInfo[]): { settings: ComparisonSettings; notices: Partial<Record<Side, string>> } {
  let settled = settings;
  const notices: Partial<Record<Side, string>> = {};
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
