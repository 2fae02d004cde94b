import type { TModelChoice } from '@promptpair/contract';
import { useId, type ReactNode, type SetStateAction } from 'react';
import { Button, FormCheck, FormText } from 'react-bootstrap';
import { SliderField } from '../../../components/ui/slider-field.tsx';
import type { OptionField, OptionState, ServiceForm } from '../logic/settings-model.ts';
import { ApiKeyField } from './api-key-field.tsx';
import { ModelSelect } from './model-select.tsx';
import { OptionsPanel } from './options-panel.tsx';

export interface ServiceOptionsPanelProps<K extends string, M, F extends ServiceForm<K, M>> {
  title: string;
  modelLabel: string;
  keyLabel: string;
  helpLabel?: string | undefined;
  /** The models the service offers today (empty until the server answers). */
  models: readonly TModelChoice[];
  /** Why the picker changed the remembered model, if it did. */
  modelNotice?: string | undefined;
  fields: readonly OptionField<K>[];
  form: F;
  setForm: (update: SetStateAction<F>) => void;
  /** Settings of the chosen model's kind (reasoning, thinking), after the sliders. */
  children?: ReactNode;
  /** Called when a checkbox is ticked; returning false holds the change (used for the top_p warning). */
  allowEnable?: (key: K) => boolean;
  onEditMessages: () => void;
  onHelp?: (() => void) | undefined;
}

/** What both services' panels share: model, messages, sliders, key, log output and leave out. */
export function ServiceOptionsPanel<K extends string, M, F extends ServiceForm<K, M>>(props: ServiceOptionsPanelProps<K, M, F>) {
  const { form, setForm, fields, allowEnable } = props;
  const leaveOutHintId = useId();

  const setOption = (key: K, patch: Partial<OptionState>) =>
    setForm((current) => ({ ...current, options: { ...current.options, [key]: { ...current.options[key], ...patch } } }));
  const toggleOption = (key: K, enabled: boolean) => {
    if (enabled && allowEnable && !allowEnable(key)) return;
    setOption(key, { enabled });
  };

  return (
    <OptionsPanel title={props.title}>
      {/* A left-out service's settings are not sent, so they are not editable either. */}
      <fieldset disabled={form.leaveOut}>
        <ModelSelect
          label={props.modelLabel}
          value={form.model}
          models={props.models}
          notice={props.modelNotice}
          onChange={(model) => setForm((current) => ({ ...current, model }))}
        />
        <Button variant="outline-secondary" size="sm" className="mb-3" onClick={props.onEditMessages}>
          Edit Messages
        </Button>
        {fields.map((field) => (
          <SliderField
            key={field.key}
            label={field.label}
            min={field.limits.min}
            max={field.limits.max}
            step={field.limits.step}
            value={form.options[field.key].value}
            enabled={form.options[field.key].enabled}
            onEnabledChange={(enabled) => toggleOption(field.key, enabled)}
            onValueChange={(value) => setOption(field.key, { value })}
          />
        ))}
        {props.children}
        <div className="mt-3">
          <ApiKeyField
            label={props.keyLabel}
            value={form.apiKey}
            onChange={(apiKey) => setForm((current) => ({ ...current, apiKey }))}
            helpLabel={props.helpLabel}
            onHelp={props.onHelp}
          />
        </div>
        <FormCheck
          id={`${leaveOutHintId}-log`}
          type="checkbox"
          label="Log output"
          checked={form.logOutput}
          onChange={(event) => {
            const logOutput = event.currentTarget.checked;
            setForm((current) => ({ ...current, logOutput }));
          }}
        />
      </fieldset>
      <FormCheck
        id={`${leaveOutHintId}-leave-out`}
        type="checkbox"
        label="Leave out"
        aria-describedby={leaveOutHintId}
        checked={form.leaveOut}
        onChange={(event) => {
          const leaveOut = event.currentTarget.checked;
          setForm((current) => ({ ...current, leaveOut }));
        }}
      />
      {/* The service is still asked: the server uses its own defaults (docs/product.md §4 omits the settings, not the service). */}
      <FormText id={leaveOutHintId}>Sends the prompt without these settings or key: the service answers with its defaults.</FormText>
    </OptionsPanel>
  );
}
