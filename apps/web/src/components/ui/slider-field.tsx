import { useId } from 'react';
import { FormCheck } from 'react-bootstrap';
import FormRange from 'react-bootstrap/FormRange';

export interface SliderFieldProps {
  label: string;
  min: number;
  max: number;
  step: number;
  value: number;
  /** The option is sent only while this is ticked (docs/product.md §4); the slider is disabled until then. */
  enabled: boolean;
  onEnabledChange: (enabled: boolean) => void;
  onValueChange: (value: number) => void;
}

const decimalsOf = (step: number) => (Number.isInteger(step) ? 0 : (String(step).split('.')[1]?.length ?? 0));

/** Shows a value with as many decimals as its step, so 1 reads "1.0" on a 0.1 slider. */
export function formatSliderValue(value: number, step: number): string {
  return value.toFixed(decimalsOf(step));
}

/** A checkbox that switches an option on, the option's slider, and its current value. */
export function SliderField({ label, min, max, step, value, enabled, onEnabledChange, onValueChange }: SliderFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const shown = formatSliderValue(value, step);
  return (
    <div className="mb-2">
      <div className="d-flex justify-content-between align-items-center">
        <FormCheck
          id={`${id}-on`}
          type="checkbox"
          className="mb-0"
          checked={enabled}
          onChange={(event) => onEnabledChange(event.currentTarget.checked)}
          label={<span id={labelId}>{label}</span>}
        />
        {/* Not live: the slider already announces its value while it moves. */}
        <output htmlFor={`${id}-range`} aria-live="off" className={`small font-monospace ${enabled ? '' : 'text-body-secondary'}`}>
          {shown}
        </output>
      </div>
      <FormRange
        id={`${id}-range`}
        aria-labelledby={labelId}
        // The shown value is the truth even where the browser clamps it (Bard's 0 below a min of 1).
        aria-valuetext={shown}
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={!enabled}
        onChange={(event) => onValueChange(Number(Number(event.currentTarget.value).toFixed(decimalsOf(step))))}
      />
    </div>
  );
}
