import { SIDE_NAMES, type Side, type TModelChoice, type TServiceInfo, type TServiceKind } from '@promptpair/contract';
import type { KindModelOffers } from '../api/list-models.ts';
import { lazy, Suspense, type ComponentType, type SetStateAction } from 'react';
import type { ComparisonSettings, KindForms } from '../logic/settings-model.ts';
import { formOf } from '../logic/side-settings.ts';
import './side-column.css';
import type { SidePanelProps } from './side-panel-props.ts';
import { SIDE_PANELS } from './side-panels.ts';

// The picker and the rules of a pick load after the first paint; their place is kept (side-column.css).
const ServiceSelect = lazy(() => import('./service-select.tsx').then((m) => ({ default: m.ServiceSelect })));

/** A side's models: the spec kinds' from GET /api/models (with retirement days and reasoning), the others' from GET /api/services. */
export function modelChoices(kind: TServiceKind, service: TServiceInfo | null, offers: KindModelOffers | null): readonly TModelChoice[] {
  // The spec's kinds keep the spec panels' rule: no list, no choices ("Default" stands).
  if (kind === 'openai' || kind === 'google') return offers?.[kind].models ?? [];
  return (service?.models ?? []).map((id) => ({ id, reasons: false }));
}

interface SideColumnProps {
  side: Side;
  settings: ComparisonSettings;
  services: readonly TServiceInfo[] | null;
  offers: KindModelOffers | null;
  /** Why the side's remembered service (or a model of a service beyond the spec's pair) was replaced. */
  serviceNotice?: string | undefined;
  /** Why the spec panel's remembered model was replaced (GET /api/models). */
  modelNotice?: string | undefined;
  specPair: boolean;
  updateSettings: (change: (current: ComparisonSettings) => ComparisonSettings) => void;
  setSideForm: <K extends TServiceKind>(side: Side, kind: K, update: SetStateAction<KindForms[K]>) => void;
}

/** One side of the form: its service picker and the settings panel of that service's kind. */
export function SideColumn({ side, settings, services, offers, serviceNotice, modelNotice, specPair, updateSettings, setSideForm }: SideColumnProps) {
  const { service: id, kind } = settings.sides[side];
  const service = services?.find((offered) => offered.id === id) ?? null;
  // The registry pairs each kind with its panel; the cast joins the kind read here to the one it holds.
  const Panel = SIDE_PANELS[kind] as ComponentType<SidePanelProps<TServiceKind>>;
  return (
    <div role="group" aria-label={SIDE_NAMES[side]}>
      <div className="side-column__picker">
        <Suspense fallback={null}>
          <ServiceSelect side={side} value={id} services={services} notice={serviceNotice} update={updateSettings} />
        </Suspense>
      </div>
      <Suspense fallback={null}>
        <Panel
          side={side}
          service={service}
          form={formOf(settings, side, kind)}
          setForm={(update) => setSideForm(side, kind, update)}
          models={modelChoices(kind, service, offers)}
          modelNotice={modelNotice}
          specPair={specPair}
        />
      </Suspense>
    </div>
  );
}
