import { DEFAULT_BARD_MESSAGES, MESSAGES, RESULT_TITLES, type TBardMessage } from '@promptpair/contract';
import { lazy, Suspense, type SetStateAction } from 'react';
import { useDialogState } from '../../../components/ui/use-dialog-state.ts';
import { BARD_OPTION_FIELDS, type BardForm } from '../logic/settings-model.ts';
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
  form: BardForm;
  setForm: (update: SetStateAction<BardForm>) => void;
  models: readonly string[];
}

export function BardOptions({ form, setForm, models }: BardOptionsProps) {
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
        fields={BARD_OPTION_FIELDS}
        form={form}
        setForm={setForm}
        onEditMessages={messages.open}
        onHelp={help.open}
      />
      <Suspense fallback={null}>
        {messages.mounted && (
          <EditMessagesDialog
            show={messages.isOpen}
            onHide={messages.close}
            service={RESULT_TITLES.palmAPI}
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
