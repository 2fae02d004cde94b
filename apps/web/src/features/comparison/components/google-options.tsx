import { DEFAULT_BARD_MESSAGES, MESSAGES, MODEL_TEXTS, SPEC_PAIR_NAMES, THINKING_BUDGET, type TBardMessage, type TModelChoice } from '@promptpair/contract';
import { SliderField } from '../../../components/ui/slider-field.tsx';
import { lazy, Suspense, type SetStateAction } from 'react';
import { useDialogState } from '../../../components/ui/use-dialog-state.ts';
import { GOOGLE_OPTION_FIELDS, type GoogleForm } from '../logic/settings-model.ts';
import type { MessageEntry } from './edit-messages-form.tsx';
import { ServiceOptionsPanel } from './service-options-panel.tsx';

// Dialogs load on first use so the page's first bundle stays small.
const EditMessagesDialog = lazy(() => import('./edit-messages-dialog.tsx').then((m) => ({ default: m.EditMessagesDialog })));
const PalmKeyHelpDialog = lazy(() => import('./palm-key-help-dialog.tsx').then((m) => ({ default: m.PalmKeyHelpDialog })));

const toEntries = (messages: TBardMessage[]): MessageEntry[] => messages.map(({ author, content }) => ({ speaker: author, content }));
const toMessages = (entries: MessageEntry[]): TBardMessage[] => entries.map(({ speaker, content }) => ({ author: speaker, content }));

/** A new entry speaks as the default author. */
const NEW_ENTRY: MessageEntry = { speaker: DEFAULT_BARD_MESSAGES[0]?.author ?? '', content: '' };

interface BardOptionsProps {
  form: GoogleForm;
  setForm: (update: SetStateAction<GoogleForm>) => void;
  models: readonly TModelChoice[];
  modelNotice?: string | undefined;
  /** The thinking budget is offered (the spec's body carries it; a general pair does not). Default on. */
  kindExtras?: boolean;
}

export function GoogleOptions({ form, setForm, models, modelNotice, kindExtras = true }: BardOptionsProps) {
  const messages = useDialogState();
  const help = useDialogState();
  return (
    <>
      <ServiceOptionsPanel
        title="Bard Options"
        modelLabel="Model"
        keyLabel="Palm API key"
        helpLabel="How to get Palm API key"
        models={models}
        modelNotice={modelNotice}
        fields={GOOGLE_OPTION_FIELDS}
        form={form}
        setForm={setForm}
        onEditMessages={messages.open}
        onHelp={help.open}
      >
        {/* Gemini thinking models take a thinking budget (generationConfig.thinkingConfig). */}
        {kindExtras && models.find((choice) => choice.id === form.model)?.reasons && (
          <SliderField
            label={MODEL_TEXTS.thinkingBudget}
            min={THINKING_BUDGET.min}
            max={THINKING_BUDGET.max}
            step={THINKING_BUDGET.step}
            value={form.thinkingBudget.value}
            enabled={form.thinkingBudget.enabled}
            onEnabledChange={(enabled) => setForm((current) => ({ ...current, thinkingBudget: { ...current.thinkingBudget, enabled } }))}
            onValueChange={(value) => setForm((current) => ({ ...current, thinkingBudget: { ...current.thinkingBudget, value } }))}
          />
        )}
      </ServiceOptionsPanel>
      <Suspense fallback={null}>
        {messages.mounted && (
          <EditMessagesDialog
            show={messages.isOpen}
            onHide={messages.close}
            service={SPEC_PAIR_NAMES.b}
            speakerLabel="Author"
            entries={toEntries(form.messages)}
            newEntry={NEW_ENTRY}
            requiredMessage={MESSAGES.editMessagesBothRequiredBard}
            onSave={(entries) => setForm((current) => ({ ...current, messages: toMessages(entries) }))}
          />
        )}
        {help.mounted && <PalmKeyHelpDialog show={help.isOpen} onHide={help.close} />}
      </Suspense>
    </>
  );
}
