import type { Side, TServiceInfo } from '@promptpair/contract';
import { useEffect, useRef, useState } from 'react';
import type { ComparisonSettings } from '../logic/settings-model.ts';

export interface ServicePickers {
  /** What either side may use: null until (and unless) the server answers. */
  services: readonly TServiceInfo[] | null;
  /** Why a side's remembered service or model was replaced, if it was. */
  notices: Partial<Record<Side, string>>;
}

/**
 * Loads GET /api/services once, after the first paint (with the rules that settle both sides, one
 * chunk), and settles both sides when it arrives (settleSides). A failure is only logged: each side
 * then keeps its service, and the spec's pair works as before.
 */
export function useServicePickers(settings: ComparisonSettings, update: (change: (current: ComparisonSettings) => ComparisonSettings) => void): ServicePickers {
  const [pickers, setPickers] = useState<ServicePickers>({ services: null, notices: {} });
  // The settings as they are when the list arrives, for the notices.
  const latest = useRef({ settings, update });
  useEffect(() => {
    latest.current = { settings, update };
  });
  useEffect(() => {
    let current = true;
    import('../logic/services-offer.ts')
      .then(async ({ getServices, settleSides }) => {
        const { services } = await getServices();
        if (!current) return;
        const { notices } = settleSides(latest.current.settings, services);
        latest.current.update((now) => settleSides(now, services).settings);
        setPickers({ services, notices });
      })
      .catch((error: unknown) => console.error('Could not list services', error));
    return () => {
      current = false;
    };
  }, []);
  return pickers;
}
