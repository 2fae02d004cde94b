import { useId } from 'react';
import { FormGroup, FormLabel, FormSelect, FormText } from 'react-bootstrap';

export interface Choice {
  value: string;
  text: string;
}

interface ChoiceSelectProps {
  label: string;
  value: string;
  /** What is offered now; `current` is put first when the value is not among them (the list has not arrived, or no longer holds it). */
  choices: readonly Choice[];
  current: Choice;
  /** Shown under the picker: why a remembered choice was replaced. */
  notice?: string | undefined;
  onChange: (value: string) => void;
  /** The service picker heads its column; the model picker sits inside a settings panel. */
  className?: { group: string; label?: string };
}

/** A labelled dropdown that always shows its current value and says, under it, why that value was chosen for the visitor. */
export function ChoiceSelect({ label, value, choices, current, notice, onChange, className = { group: 'mb-3' } }: ChoiceSelectProps) {
  const id = useId();
  const options = choices.some((choice) => choice.value === value) ? choices : [current, ...choices];
  return (
    <FormGroup className={className.group} controlId={id}>
      <FormLabel className={className.label}>{label}</FormLabel>
      <FormSelect value={value} onChange={(event) => onChange(event.currentTarget.value)} aria-describedby={notice ? `${id}-notice` : undefined}>
        {options.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.text}
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
