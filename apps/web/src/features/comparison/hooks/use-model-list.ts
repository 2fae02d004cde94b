import { MODEL_TEXTS, type TModelOffers, type TServiceModels } from '@promptpair/contract';
import { useEffect, useRef, useState, type SetStateAction } from 'react';
import { getModelOffers } from '../api/list-models.ts';
import type { BardForm, ChatGptForm } from '../logic/settings-model.ts';

/**
 * The model a side should hold once the offer is known: the default for an empty choice, and the
 * default with a notice for a remembered model the service no longer offers. Undefined: keep it.
 */
export function settleModel(service: 'chatGPT' | 'palmAPI', model: string, offer: TServiceModels): { model: string; notice?: string } | undefined {
  if (offer.defaultModel === null || offer.models.some((choice) => choice.id === model)) return undefined;
  if (model === '') return { model: offer.defaultModel };
  return { model: offer.defaultModel, notice: MODEL_TEXTS.rememberedModelGone(service, model, offer.defaultModel) };
}

export interface ModelPickers {
  /** Both pickers' offers: null until (and unless) the server answers. */
  offers: TModelOffers | null;
  /** Why a side's remembered model was replaced, if it was. */
  notices: { chatGPT?: string | undefined; palmAPI?: string | undefined };
}

/**
 * Loads GET /api/models once and settles both panels' models when it arrives (settleModel). A
 * failure is only logged (docs/product.md §8): the page then sends no model and the server sends its default.
 */
export function useModelPickers(
  forms: { chatGPT: ChatGptForm; bard: BardForm },
  setters: { chatGPT: (update: SetStateAction<ChatGptForm>) => void; bard: (update: SetStateAction<BardForm>) => void },
  load: () => Promise<TModelOffers> = getModelOffers,
): ModelPickers {
  const [pickers, setPickers] = useState<ModelPickers>({ offers: null, notices: {} });
  // The models as they are when the offer arrives, not as they were when it was asked for.
  const latest = useRef({ forms, setters });
  useEffect(() => {
    latest.current = { forms, setters };
  });
  useEffect(() => {
    let current = true;
    load()
      .then((offers) => {
        if (!current) return;
        const { forms: now, setters: set } = latest.current;
        const chat = settleModel('chatGPT', now.chatGPT.model, offers.chatGPT);
        const bard = settleModel('palmAPI', now.bard.model, offers.palmAPI);
        if (chat) set.chatGPT((form) => ({ ...form, model: chat.model }));
        if (bard) set.bard((form) => ({ ...form, model: bard.model }));
        setPickers({ offers, notices: { chatGPT: chat?.notice, palmAPI: bard?.notice } });
      })
      .catch((error: unknown) => console.error('Could not list models', error));
    return () => {
      current = false;
    };
  }, [load]);
  return pickers;
}
