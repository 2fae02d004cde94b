import { CHAT_ROLES, DEFAULT_CHATGPT_MESSAGES, MESSAGES, RESULT_TITLES, type TChatGptMessage } from '@promptpair/contract';
import { lazy, Suspense, type SetStateAction } from 'react';
import { useDialogState } from '../../../components/ui/use-dialog-state.ts';
import { CHATGPT_OPTION_FIELDS, type ChatGptForm, type ChatGptOptionKey } from '../logic/settings-model.ts';
import type { MessageEntry } from './edit-messages-form.tsx';
import { ServiceOptionsPanel } from './service-options-panel.tsx';

// Dialogs load on first use so the page's first bundle stays small.
const EditMessagesDialog = lazy(() => import('./edit-messages-dialog.tsx').then((m) => ({ default: m.EditMessagesDialog })));
const ChatGptKeyHelpDialog = lazy(() => import('./chatgpt-key-help-dialog.tsx').then((m) => ({ default: m.ChatGptKeyHelpDialog })));
const TopPWarningDialog = lazy(() => import('./top-p-warning-dialog.tsx').then((m) => ({ default: m.TopPWarningDialog })));

const isChatRole = (role: string): role is TChatGptMessage['role'] => (CHAT_ROLES as readonly string[]).includes(role);
const toEntries = (messages: TChatGptMessage[]): MessageEntry[] => messages.map(({ role, content }) => ({ speaker: role, content }));
const toMessages = (entries: MessageEntry[]): TChatGptMessage[] =>
  entries.flatMap(({ speaker, content }) => (isChatRole(speaker) ? [{ role: speaker, content }] : []));

/** A new entry takes the default role. */
const NEW_ENTRY: MessageEntry = { speaker: DEFAULT_CHATGPT_MESSAGES[0]?.role ?? '', content: '' };

interface ChatGptOptionsProps {
  form: ChatGptForm;
  setForm: (update: SetStateAction<ChatGptForm>) => void;
  models: readonly string[];
}

export function ChatGptOptions({ form, setForm, models }: ChatGptOptionsProps) {
  const messages = useDialogState();
  const help = useDialogState();
  const warning = useDialogState();

  // SPEC §2 modal 7: only switching top_p on while temperature is on asks first (docs/decisions.md).
  const allowEnable = (key: ChatGptOptionKey) => {
    if (key !== 'top_p' || !form.options.temperature.enabled) return true;
    warning.open();
    return false;
  };
  const confirmTopP = () => {
    setForm((current) => ({ ...current, options: { ...current.options, top_p: { ...current.options.top_p, enabled: true } } }));
    warning.close();
  };

  return (
    <>
      <ServiceOptionsPanel
        title="ChatGPT Options"
        modelLabel="Engine"
        keyLabel="ChatGPT API key"
        helpLabel="How to get ChatGPT API key"
        models={models}
        fields={CHATGPT_OPTION_FIELDS}
        form={form}
        setForm={setForm}
        allowEnable={allowEnable}
        onEditMessages={messages.open}
        onHelp={help.open}
      />
      <Suspense fallback={null}>
        {messages.mounted && (
          <EditMessagesDialog
            show={messages.isOpen}
            onHide={messages.close}
            service={RESULT_TITLES.chatGPT}
            speakerLabel="Role"
            speakerOptions={CHAT_ROLES}
            entries={toEntries(form.messages)}
            newEntry={NEW_ENTRY}
            requiredMessage={MESSAGES.editMessagesBothRequired}
            onSave={(entries) => setForm((current) => ({ ...current, messages: toMessages(entries) }))}
          />
        )}
        {help.mounted && <ChatGptKeyHelpDialog show={help.isOpen} onHide={help.close} />}
        {warning.mounted && <TopPWarningDialog show={warning.isOpen} onConfirm={confirmTopP} onCancel={warning.close} />}
      </Suspense>
    </>
  );
}
