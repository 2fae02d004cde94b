import {
  SUBSCRIPTION_CLOSE_DELAY_MS,
  SUBSCRIPTION_MESSAGES,
  subscriptionErrorText,
  subscriptionFormError,
  TOAST_MS,
  type TSubscriptionSaved,
} from '@promptpair/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast.ts';
import { isRequestError } from '../../../lib/http.ts';
import { saveSubscription } from '../api/subscription-api.ts';
import type { SavedKeys } from './use-saved-keys.ts';

export interface SubscriptionForm {
  chatgptKey: string;
  palmapiKey: string;
  email: string;
  acceptedTerms: boolean;
}

const EMPTY: SubscriptionForm = { chatgptKey: '', palmapiKey: '', email: '', acceptedTerms: false };

export interface SubscriptionFormOptions {
  /** docs/product.md §4: 400 ms after success, the keys go to the page's option panels. */
  onKeysSaved: (keys: SavedKeys) => void;
  /** Closes the dialog (with the inputs cleared), at the same moment. */
  onDone: () => void;
  /** Where the browser goes after a save when the operator set PAYMENT_URL; injected in tests. */
  goTo?: (url: string) => void;
}

/**
 * The subscription dialog's state and its save (docs/product.md §4, §5, §8): the checks in their order,
 * then POST /api/key; on success a toast, and 400 ms later the hand-off, clearing and closing.
 */
export function useSubscriptionForm({ onKeysSaved, onDone, goTo = (url) => window.location.assign(url) }: SubscriptionFormOptions) {
  const [form, setForm] = useState<SubscriptionForm>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const handOff = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(handOff.current), []);

  const update = useCallback((change: Partial<SubscriptionForm>) => setForm((current) => ({ ...current, ...change })), []);

  const submit = useCallback(async () => {
    const problem = subscriptionFormError(form);
    setError(problem);
    if (problem !== null) return;
    setBusy(true);
    try {
      const saved: Partial<TSubscriptionSaved> | undefined = await saveSubscription({ chatgpt_key: form.chatgptKey, palmapi_key: form.palmapiKey, email: form.email });
      toast.success(SUBSCRIPTION_MESSAGES.saved, { id: 'subscription-saved', duration: TOAST_MS.subscriptionSaved, position: 'top-center' });
      // The answer's body is optional to the page (docs/product.md §7); only a payment link in it matters.
      const paymentUrl = typeof saved?.paymentUrl === 'string' ? saved.paymentUrl : null;
      const keys = { chatgptKey: form.chatgptKey.trim(), palmapiKey: form.palmapiKey.trim() };
      // Still busy until the hand-off: a second click in these 400 ms must not save (and toast) again.
      handOff.current = setTimeout(() => {
        onKeysSaved(keys);
        setForm(EMPTY);
        setBusy(false);
        onDone();
        if (paymentUrl) goTo(paymentUrl);
      }, SUBSCRIPTION_CLOSE_DELAY_MS);
    } catch (failure) {
      setError(isRequestError(failure) ? subscriptionErrorText(failure.status, failure.body) : SUBSCRIPTION_MESSAGES.unexpectedStatus);
      setBusy(false);
    }
  }, [form, goTo, onDone, onKeysSaved]);

  return { form, update, error, busy, submit };
}
