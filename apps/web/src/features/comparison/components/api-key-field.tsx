import { useId } from 'react';
import { Button, FormControl, FormGroup, FormLabel } from 'react-bootstrap';

interface ApiKeyFieldProps {
  label: string;
  value: string;
  onChange: (key: string) => void;
  /** A link-style button to the key's help dialog, where the service has one. */
  helpLabel?: string | undefined;
  onHelp?: (() => void) | undefined;
}

/** A visitor's own key: masked, never autofilled, with a link-style button to the help dialog. */
export function ApiKeyField({ label, value, onChange, helpLabel, onHelp }: ApiKeyFieldProps) {
  const id = useId();
  return (
    <FormGroup className="mb-3" controlId={id}>
      <FormLabel>{label}</FormLabel>
      <FormControl
        type="password"
        autoComplete="off"
        spellCheck={false}
        placeholder="Optional: uses the free prompts when empty"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {helpLabel && onHelp && (
        <Button variant="link" size="sm" className="px-0" onClick={onHelp}>
          {helpLabel}
        </Button>
      )}
    </FormGroup>
  );
}
