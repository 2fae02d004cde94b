import { MODEL_TEXTS, SPEC_PAIR_NAMES, type Side, type TServiceKind, type TServiceModels } from '@promptpair/contract';
import { useEffect, useRef, useState, type SetStateAction } from 'react';
import { getModelOffers, type KindModelOffers } from '../api/list-models.ts';
import { DEFAULT_SIDE_SERVICES, type ComparisonSettings, type KindForms } from '../logic/settings-model.ts';
import { formOf, PAGE_SIDES } from '../logic/side-settings.ts';

/**
 * The model a side should hold once the offer is known: the default for an empty choice, and the
 * default with a notice for a remembered model the service no longer offers. Undefined: keep it.
 */
export function settleModel(side: Side, model: string, offer: TServiceModels): { model: string; notice?: string } | undefined {
  if (offer.defaultModel === null || offer.models.some((choice) => choice.id === model)) return undefined;
  if (model === '') return { model: offer.defaultModel };
  // The notice names the spec panel's service (ChatGPT on side a, Palm API on side b).
  return { model: offer.defaultModel, notice: MODEL_TEXTS.rememberedModelGone(SPEC_PAIR_NAMES[side], model, offer.defaultModel) };
}

export interface ModelPickers {
  /** Both pickers' offers: null until (and unless) the server answers. */
  offers: KindModelOffers | null;
  /** Why a side's spec panel's remembered model was replaced, if it was. */
  notices: Partial<Record<Side, string>>;
}

/**
 * Loads GET /api/models once and settles both panels' models when it arrives (settleModel). A
 * failure is only logged (docs/product.md §8): the page then sends no model and the server sends its default.
 */
export function useModelPickers(
  settings: ComparisonSettings,
  setSideForm: <K extends TServiceKind>(side: Side, kind: K, update: SetStateAction<KindForms[K]>) => void,
  load: () => Promise<KindModelOffers> = getModelOffers,
): ModelPickers {
  const [pickers, setPickers] = useState<ModelPickers>({ offers: null, notices: {} });
  // The models as they are when the offer arrives, not as they were when it was asked for.
  const latest = useRef({ settings, setSideForm });
  useEffect(() => {
    latest.current = { settings, setSideForm };
  });
  useEffect(() => {
    let current = true;
    load()
      .then((offers) => {
        if (!current) return;
        const { settings: now, setSideForm: set } = latest.current;
        const notices: Partial<Record<Side, string>> = {};
        // The spec panels: side a's OpenAI form and side b's Google form.
        for (const side of PAGE_SIDES) {
          const { kind } = DEFAULT_SIDE_SERVICES[side];
          const settled = settleModel(side, formOf(now, side, kind).model, offers[kind]);
          if (!settled) continue;
          set(side, kind, (form) => ({ ...form, model: settled.model }));
          if (settled.notice !== undefined) notices[side] = settled.notice;
        }
        setPickers({ offers, notices });
      })
      .catch((error: unknown) => console.error('Could not list models', error));
    return () => {
      current = false;
    };
  }, [load]);
  return pickers;
}
