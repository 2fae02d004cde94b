import { BLIND_TEXTS } from '@promptpair/contract';
import { FormCheck, FormText } from 'react-bootstrap';

/** Turns blind mode on or off for the next comparisons. */
export function BlindModeToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <div className="mb-3">
      <FormCheck
        type="switch"
        id="blind-mode"
        label={BLIND_TEXTS.toggle}
        checked={on}
        aria-describedby="blind-mode-help"
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <FormText id="blind-mode-help">{BLIND_TEXTS.toggleHelp}</FormText>
    </div>
  );
}
