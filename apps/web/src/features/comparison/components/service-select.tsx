import { RESULT_TITLES, SIDE_TEXTS, type PageSide, type TServiceInfo } from '@promptpair/contract';
import { useId } from 'react';
import { FormGroup, FormLabel, FormSelect, FormText } from 'react-bootstrap';
import { DEFAULT_SIDE_SERVICES, type ComparisonSettings } from '../logic/settings-model.ts';
import { chooseService } from '../logic/settle-sides.ts';

interface ServiceSelectProps {
  side: PageSide;
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
  { ...DEFAULT_SIDE_SERVICES.a, id: DEFAULT_SIDE_SERVICES.a.service, name: RESULT_TITLES.chatGPT },
  { ...DEFAULT_SIDE_SERVICES.b, id: DEFAULT_SIDE_SERVICES.b.service, name: RESULT_TITLES.palmAPI },
];

/** A side's service picker: any offered service on either side, the same one on both too. Loaded after the first paint. */
export function ServiceSelect({ side, value, services, notice, update }: ServiceSelectProps) {
  const id = useId();
  const current = SPEC_SERVICES.find((service) => service.id === value) ?? { id: value, name: value, kind: '' };
  const options: readonly ServiceOption[] = services?.some((service) => service.id === value) ? services : [current, ...(services ?? [])];
  return (
    <FormGroup className="mb-2" controlId={id}>
      <FormLabel className="fw-semibold mb-1">{SIDE_TEXTS.serviceLabel[side]}</FormLabel>
      <FormSelect
        value={value}
        aria-describedby={notice ? `${id}-notice` : undefined}
        onChange={(event) => {
          const picked = services?.find((service) => service.id === event.currentTarget.value);
          if (picked) update((current) => chooseService(current, side, picked));
        }}
      >
        {options.map((service) => (
          <option key={service.id} value={service.id}>
            {service.kind === '' ? service.name : SIDE_TEXTS.serviceOption(service.name, service.kind)}
          </option>
        ))}
      </FormSelect>
      {notice && (
        <FormText id={`${id}-notice`} className="d-block text-warning-emphasis" role="status">
          {notice}
        </FormText>
      )}
    </FormGroup>
  );
}
