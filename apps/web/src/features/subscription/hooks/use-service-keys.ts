import { SERVICE_KEY_TEXTS, SUBSCRIPTION_MESSAGES, type TSavedServiceKey, type TServiceInfo } from '@promptpair/contract';
import { useCallback, useEffect, useState } from 'react';
import { toast } from '../../../components/ui/toast.ts';
import { isRequestError } from '../../../lib/http.ts';
import { getServiceKeys, getServices, removeServiceKey, saveServiceKey } from '../api/subscription-api.ts';

/** The server's message of a refused change (its first field message, else its message), or the generic one. */
function refusalText(failure: unknown): string {
  if (!isRequestError(failure) || failure.status === null) return SUBSCRIPTION_MESSAGES.noResponse;
  const body = failure.body as { message?: unknown; errors?: Record<string, string[]> } | undefined;
  const first = Object.values(body?.errors ?? {})[0]?.[0];
  return first ?? (typeof body?.message === 'string' ? body.message : SUBSCRIPTION_MESSAGES.unexpectedStatus);
}

/**
 * A subscriber's key per service (docs/decisions.md, "Saved keys per service"): the offered
 * services, the masked hint of each saved key, and saving or removing one. A key typed here goes to
 * the server once and is never kept by the page: only the hint the server answers is shown.
 */
export function useServiceKeys() {
  const [services, setServices] = useState<readonly TServiceInfo[]>([]);
  const [saved, setSaved] = useState<readonly TSavedServiceKey[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});

  useEffect(() => {
    let current = true;
    Promise.all([getServices(), getServiceKeys()]).then(
      ([offered, keys]) => {
        if (!current) return;
        setServices(offered.services);
        setSaved(keys.keys);
      },
      (error: unknown) => console.error('Could not read the services or the saved keys.', error),
    );
    return () => {
      current = false;
    };
  }, []);

  const change = useCallback(async (service: TServiceInfo, work: () => Promise<{ keys: TSavedServiceKey[] }>, done: string): Promise<boolean> => {
    setBusy(service.id);
    setErrors((current) => ({ ...current, [service.id]: '' }));
    try {
      setSaved((await work()).keys);
      toast.success(done, { id: `service-key-${service.id}` });
      return true;
    } catch (failure) {
      setErrors((current) => ({ ...current, [service.id]: refusalText(failure) }));
      return false;
    } finally {
      setBusy(null);
    }
  }, []);

  const save = useCallback(
    (service: TServiceInfo, key: string) => {
      if (key.trim() === '') {
        setErrors((current) => ({ ...current, [service.id]: SERVICE_KEY_TEXTS.keyRequired }));
        return Promise.resolve(false);
      }
      return change(service, () => saveServiceKey(service.id, key.trim()), SERVICE_KEY_TEXTS.saved(service.name));
    },
    [change],
  );
  const remove = useCallback((service: TServiceInfo) => change(service, () => removeServiceKey(service.id), SERVICE_KEY_TEXTS.removed(service.name)), [change]);

  const hintOf = (serviceId: string) => saved.find((key) => key.service === serviceId)?.hint ?? null;
  return { services, hintOf, busy, errors, save, remove };
}
