import type { PageSide, TServiceInfo } from '@promptpair/contract';
import { useEffect, useRef, useState } from 'react';
import { getServices } from '../api/list-services.ts';
import type { ComparisonSettings } from '../logic/settings-model.ts';
import { settleSides } from '../logic/side-settings.ts';

export interface ServicePickers {
  /** What either side may use: null until (and unless) the server answers. */
  services: readonly TServiceInfo[] | null;
  /** Why a side's remembered service or model was replaced, if it was. */
  notices: Partial<Record<PageSide, string>>;
}

/**
 * Loads GET /api/services once and settles both sides when it arrives (settleSides). A failure is
 * only logged: each side then keeps its service, and the spec's pair still works as before.
 */
export function useServicePickers(
  settings: ComparisonSettings,
  settle: (services: readonly TServiceInfo[]) => void,
  load: () => Promise<{ services: TServiceInfo[] }> = getServices,
): ServicePickers {
  const [pickers, setPickers] = useState<ServicePickers>({ services: null, notices: {} });
  // The settings as they are when the list arrives, for the notices.
  const latest = useRef({ settings, settle });
  useEffect(() => {
    latest.current = { settings, settle };
  });
  useEffect(() => {
    let current = true;
    load()
      .then(({ services }) => {
        if (!current) return;
        const { notices } = settleSides(latest.current.settings, services);
        latest.current.settle(services);
        setPickers({ services, notices });
      })
      .catch((error: unknown) => console.error('Could not list services', error));
    return () => {
      current = false;
    };
  }, [load]);
  return pickers;
}
