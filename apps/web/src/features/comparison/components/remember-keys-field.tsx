import { FormCheck, FormText } from 'react-bootstrap';

interface RememberKeysFieldProps {
  checked: boolean;
  onChange: (remember: boolean) => void;
}

/** Opt-in, off by default: without it API keys live only in this page's memory. */
export function RememberKeysField({ checked, onChange }: RememberKeysFieldProps) {
  return (
    <div className="my-3">
      <FormCheck
        id="remember-keys"
        type="checkbox"
        label="Remember my keys on this device"
        aria-describedby="remember-keys-hint"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <FormText id="remember-keys-hint">
        Stores your API keys in this browser's local storage. Leave it off on a shared computer.
      </FormText>
    </div>
  );
}
