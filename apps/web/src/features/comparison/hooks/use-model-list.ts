import { MODEL_TEXTS, type TModelOffers, type TServiceModels } from '@promptpair/contract';
import { useEffect, useState, type SetStateAction } from 'react';
import { getModelOffers } from '../api/list-models.ts';
import type { BardForm, ChatGptForm } from '../logic/settings-model.ts';

/** Both pickers' offers: null until (and unless) the server answers. */
export function useModelOffers(load: () => Promise<TModelOffers> = getModelOffers): TModelOffers | null {
  const [offers, setOffers] = useState<TModelOffers | null>(null);
  useEffect(() => {
    let current = true;
    load()
      .then((answer) => {
        if (current) setOffers(answer);
      })
      // SPEC §8: a model list failure is only logged; the page then sends no model and the server picks its default.
      .catch((error: unknown) => console.error('Could not list models', error));
    return () => {
      current = false;
    };
  }, [load]);
  return offers;
}

/**
 * The model a side should hold once the offer is known: the default for an empty choice, and the
 * default with a notice for a remembered model the service no longer offers. Undefined: keep it.
 */
export function settleModel(service: 'chatGPT' | 'palmAPI', model: string, offer: TServiceModels): { model: string; notice?: string } | undefined {
  if (offer.defaultModel === null || offer.models.some((choice) => choice.id === model)) return undefined;
  if (model === '') return { model: offer.defaultModel };
  return { model: offer.defaultModel, notice: MODEL_TEXTS.rememberedModelGone(service, model, offer.defaultModel) };
}

/** Applies settleModel to both panels when the offers arrive; returns each side's notice. */
export function useSettledModels(
  offers: TModelOffers | null,
  forms: { chatGPT: ChatGptForm; bard: BardForm },
  setters: { chatGPT: (update: SetStateAction<ChatGptForm>) => void; bard: (update: SetStateAction<BardForm>) => void },
): { chatGPT?: string | undefined; palmAPI?: string | undefined } {
  const [notices, setNotices] = useState<{ chatGPT?: string | undefined; palmAPI?: string | undefined }>({});
  const chatModel = forms.chatGPT.model;
  const bardModel = forms.bard.model;
  useEffect(() => {
    if (!offers) return;
    const chat = settleModel('chatGPT', chatModel, offers.chatGPT);
    const bard = settleModel('palmAPI', bardModel, offers.palmAPI);
    if (chat) setters.chatGPT((current) => ({ ...current, model: chat.model }));
    if (bard) setters.bard((current) => ({ ...current, model: bard.model }));
    if (chat?.notice || bard?.notice) setNotices((current) => ({ chatGPT: chat?.notice ?? current.chatGPT, palmAPI: bard?.notice ?? current.palmAPI }));
    // Only when the offers arrive: a later choice of the visitor's is always one the picker offers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [offers]);
  return notices;
}
