import { SIDE_TEXTS, SPEC_PAIR_NAMES, type Side, type TServiceInfo } from '@promptpair/contract';
import { DEFAULT_SIDE_SERVICES, type ComparisonSettings } from '../logic/settings-model.ts';
import { chooseService } from '../logic/settle-sides.ts';
import { ChoiceSelect } from './choice-select.tsx';

interface ServiceSelectProps {
  side: Side;
  /** The side's service id. */
  value: string;
  /** What GET /api/services offers; null until it answers (the current choice is then the one option). */
  services: readonly TServiceInfo[] | null;
  /** Why the remembered service or model was replaced, if it was. */
  notice?: string | undefined;
  /** Applies the pick to both sides' settings (chooseService). */
  update: (change: (current: ComparisonSettings) => ComparisonSettings) => void;
}

/** The spec's services are named before the list arrives, as their result boxes are. */
interface ServiceOption {
  id: string;
  name: string;
  /** '' when not known (a remembered service before the list arrives). */
  kind: string;
}

const SPEC_SERVICES: readonly ServiceOption[] = [
  { ...DEFAULT_SIDE_SERVICES.a, id: DEFAULT_SIDE_SERVICES.a.service, name: SPEC_PAIR_NAMES.a },
  { ...DEFAULT_SIDE_SERVICES.b, id: DEFAULT_SIDE_SERVICES.b.service, name: SPEC_PAIR_NAMES.b },
];

const choiceOf = (service: ServiceOption) => ({ value: service.id, text: service.kind === '' ? service.name : SIDE_TEXTS.serviceOption(service.name, service.kind) });

/** A side's service picker: any offered service on either side, the same one on both too. Loaded after the first paint. */
export function ServiceSelect({ side, value, services, notice, update }: ServiceSelectProps) {
  const current = SPEC_SERVICES.find((service) => service.id === value) ?? { id: value, name: value, kind: '' };
  return (
    <ChoiceSelect
      label={SIDE_TEXTS.serviceLabel[side]}
      value={value}
      choices={(services ?? []).map(choiceOf)}
      current={choiceOf(current)}
      notice={notice}
      className={{ group: 'mb-2', label: 'fw-semibold mb-1' }}
      onChange={(id) => {
        const picked = services?.find((service) => service.id === id);
        if (picked) update((settings) => chooseService(settings, side, picked));
      }}
    />
  );
}
