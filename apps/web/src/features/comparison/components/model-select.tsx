import { useId } from 'react';
import { Form } from 'react-bootstrap';

interface ModelSelectProps {
  label: string;
  value: string;
  models: readonly string[];
  onChange: (model: string) => void;
}

/** The engine/model dropdown. A remembered model missing from today's list stays selectable. */
export function ModelSelect({ label, value, models, onChange }: ModelSelectProps) {
  const id = useId();
  const options = models.includes(value) ? models : [value, ...models];
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        {options.map((model) => (
          <option key={model} value={model}>
            {model}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
