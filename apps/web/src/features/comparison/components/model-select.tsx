import { modelChoiceLabel, type TModelChoice } from '@promptpair/contract';
import { useId } from 'react';
import { FormGroup, FormLabel, FormSelect, FormText } from 'react-bootstrap';

interface ModelSelectProps {
  label: string;
  value: string;
  models: readonly TModelChoice[];
  /** Shown under the picker: why the remembered model was replaced. */
  notice?: string | undefined;
  onChange: (model: string) => void;
}

/**
 * The engine/model dropdown: today's models, each with its retirement day when announced. Before
 * the list arrives (or if it cannot) the current choice is the one option; '' reads "Default".
 */
export function ModelSelect({ label, value, models, notice, onChange }: ModelSelectProps) {
  const id = useId();
  const options = models.some((choice) => choice.id === value) ? models : [{ id: value, reasons: false }, ...models];
  return (
    <FormGroup className="mb-3" controlId={id}>
      <FormLabel>{label}</FormLabel>
      <FormSelect value={value} onChange={(event) => onChange(event.currentTarget.value)} aria-describedby={notice ? `${id}-notice` : undefined}>
        {options.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.id === '' ? 'Default' : modelChoiceLabel(choice)}
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
