import type { Side, TModelChoice, TServiceInfo, TServiceKind } from '@promptpair/contract';
import type { SetStateAction } from 'react';
import type { KindForms } from '../logic/settings-model.ts';

/** What every kind's settings panel takes: one side's form of that kind and the service it serves. */
export interface SidePanelProps<K extends TServiceKind> {
  side: Side;
  /** The side's service as GET /api/services lists it; null until (and unless) the list arrives. */
  service: TServiceInfo | null;
  form: KindForms[K];
  setForm: (update: SetStateAction<KindForms[K]>) => void;
  /** The service's models today (empty until the server answers). */
  models: readonly TModelChoice[];
  modelNotice?: string | undefined;
  /**
   * The spec's pair stands: the spec panels' extra settings (reasoning effort, thinking budget)
   * travel in the spec's body. A general pair takes the settings the service declares only.
   */
  specPair: boolean;
}
