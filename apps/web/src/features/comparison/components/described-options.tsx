import { MESSAGES, SIDE_TEXTS, type SettingDescriptor, type SliderSetting, type TPairMessage, type TextListSetting, type TextSetting } from '@promptpair/contract';
import { lazy, Suspense, useId, type SetStateAction } from 'react';
import { FormControl, FormGroup, FormLabel, FormText } from 'react-bootstrap';
import { useDialogState } from '../../../components/ui/use-dialog-state.ts';
import type { DescribedForm, OptionField, OptionState } from '../logic/settings-model.ts';
import type { MessageEntry } from './edit-messages-form.tsx';
import { ServiceOptionsPanel } from './service-options-panel.tsx';
import type { SidePanelProps } from './side-panel-props.ts';

const EditMessagesDialog = lazy(() => import('./edit-messages-dialog.tsx').then((m) => ({ default: m.EditMessagesDialog })));

interface DescribedOptionsProps extends SidePanelProps<'anthropic' | 'openai-compatible'> {
  /** The settings the panel shows, as the kind (or the declared service) describes them. */
  descriptors: readonly SettingDescriptor[];
  /** The roles an opening message may take. */
  roles: readonly TPairMessage['role'][];
}

const isSlider = (setting: SettingDescriptor): setting is SliderSetting => setting.control === 'slider';

/** Every slider present, unticked at its default, so the shared panel can read and toggle each. */
function withSliders(form: DescribedForm, sliders: readonly SliderSetting[]): DescribedForm {
  const options: Record<string, OptionState> = {};
  for (const slider of sliders) options[slider.name] = form.options[slider.name] ?? { enabled: false, value: slider.range.default };
  return { ...form, options: { ...form.options, ...options } };
}

function TextField({ setting, value, onChange }: { setting: TextSetting; value: string; onChange: (text: string) => void }) {
  const id = useId();
  return (
    <FormGroup className="mb-2" controlId={id}>
      <FormLabel className="mb-1">{setting.label}</FormLabel>
      <FormControl as="textarea" rows={2} maxLength={setting.maxChars} value={value} aria-describedby={`${id}-help`} onChange={(event) => onChange(event.currentTarget.value)} />
      <FormText id={`${id}-help`}>{setting.help}</FormText>
    </FormGroup>
  );
}

function TextListField({ setting, items, onChange }: { setting: TextListSetting; items: readonly string[]; onChange: (items: string[]) => void }) {
  const id = useId();
  const slots = Array.from({ length: setting.maxItems }, (_, index) => items[index] ?? '');
  return (
    <fieldset className="mb-2" aria-describedby={`${id}-help`}>
      <legend className="fs-6 mb-1">{setting.label}</legend>
      {slots.map((item, index) => (
        <FormControl
          key={index}
          className="mb-1"
          size="sm"
          aria-label={SIDE_TEXTS.stopSequenceLabel(index + 1)}
          maxLength={setting.maxCharsEach}
          value={item}
          onChange={(event) => {
            const next = [...slots];
            next[index] = event.currentTarget.value;
            onChange(next);
          }}
        />
      ))}
      <FormText id={`${id}-help`}>{setting.help}</FormText>
    </fieldset>
  );
}

/**
 * A panel drawn from a kind's setting descriptors (Anthropic, a declared OpenAI-compatible service),
 * on the spec panels' frame (ServiceOptionsPanel): model, messages, the sliders, then texts and
 * text lists, the side's own key, Log output and Leave out.
 */
export function DescribedOptions({ service, form, setForm, models, modelNotice, descriptors, roles }: DescribedOptionsProps) {
  const messages = useDialogState();
  const name = service?.name ?? '';
  const sliders = descriptors.filter(isSlider);
  const fields: OptionField<string>[] = sliders.map((slider) => ({ key: slider.name, label: slider.label, limits: slider.range }));
  const shown = withSliders(form, sliders);
  // Updates start from the full form, so a slider first touched here keeps its default value.
  const setShown = (update: SetStateAction<DescribedForm>) =>
    setForm((current) => {
      const full = withSliders(current, sliders);
      return typeof update === 'function' ? update(full) : update;
    });
  const toEntries = (list: TPairMessage[]): MessageEntry[] => list.map(({ role, content }) => ({ speaker: role, content }));
  const toMessages = (entries: MessageEntry[]): TPairMessage[] =>
    entries.flatMap(({ speaker, content }) => (roles.includes(speaker as TPairMessage['role']) ? [{ role: speaker as TPairMessage['role'], content }] : []));

  return (
    <>
      <ServiceOptionsPanel
        title={SIDE_TEXTS.panelTitle(name)}
        modelLabel={SIDE_TEXTS.modelLabel}
        keyLabel={SIDE_TEXTS.keyLabel(name)}
        models={models}
        modelNotice={modelNotice}
        fields={fields}
        form={shown}
        setForm={setShown}
        onEditMessages={messages.open}
      >
        {descriptors.length === 0 && <FormText className="d-block mb-2">{SIDE_TEXTS.noSettings(name)}</FormText>}
        {descriptors.map((setting) =>
          setting.control === 'text' ? (
            <TextField key={setting.name} setting={setting} value={form.texts[setting.name] ?? ''} onChange={(text) => setForm((current) => ({ ...current, texts: { ...current.texts, [setting.name]: text } }))} />
          ) : setting.control === 'text-list' ? (
            <TextListField key={setting.name} setting={setting} items={form.lists[setting.name] ?? []} onChange={(items) => setForm((current) => ({ ...current, lists: { ...current.lists, [setting.name]: items } }))} />
          ) : null,
        )}
      </ServiceOptionsPanel>
      <Suspense fallback={null}>
        {messages.mounted && (
          <EditMessagesDialog
            show={messages.isOpen}
            onHide={messages.close}
            service={name}
            speakerLabel="Role"
            speakerOptions={roles}
            entries={toEntries(form.messages)}
            newEntry={{ speaker: 'user', content: '' }}
            requiredMessage={MESSAGES.editMessagesBothRequired}
            onSave={(entries) => setForm((current) => ({ ...current, messages: toMessages(entries) }))}
          />
        )}
      </Suspense>
    </>
  );
}
