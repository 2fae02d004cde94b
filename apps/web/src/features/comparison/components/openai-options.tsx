import { CHAT_ROLES, DEFAULT_CHATGPT_MESSAGES, MESSAGES, MODEL_TEXTS, REASONING_EFFORTS, SPEC_PAIR_NAMES, type TChatGptMessage, type TModelChoice } from '@promptpair/contract';
import { lazy, Suspense, useId, type SetStateAction } from 'react';
import { FormCheck, FormGroup, FormLabel, FormSelect, FormText } from 'react-bootstrap';
import { useDialogState } from '../../../components/ui/use-dialog-state.ts';
import { OPENAI_OPTION_FIELDS, type OpenAiForm, type OpenAiOptionKey } from '../logic/settings-model.ts';
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
  form: OpenAiForm;
  setForm: (update: SetStateAction<OpenAiForm>) => void;
  models: readonly TModelChoice[];
  modelNotice?: string | undefined;
  /** Reasoning settings are offered (the spec's body carries them; a general pair does not). Default on. */
  kindExtras?: boolean;
}

/** The sliders a model that reasons does not take (the server leaves them out unless "Send them anyway"). */
const REASONING_SKIPS = OPENAI_OPTION_FIELDS.filter((field) => field.key !== 'maxLength').map((field) => field.label);

/** A reasoning model's part of the panel: what it does not take, the insist box, and its effort. */
function ReasoningSettings({ form, setForm }: Pick<ChatGptOptionsProps, 'form' | 'setForm'>) {
  const id = useId();
  return (
    <div className="border-start ps-2 my-2">
      <FormText id={`${id}-skips`} className="d-block mb-1">
        {MODEL_TEXTS.reasoningSkips(REASONING_SKIPS)}
      </FormText>
      <FormCheck
        id={`${id}-insist`}
        type="checkbox"
        label={MODEL_TEXTS.sendAnyway}
        aria-describedby={`${id}-skips`}
        checked={form.sendUnsupported}
        onChange={(event) => {
          const sendUnsupported = event.currentTarget.checked;
          setForm((current) => ({ ...current, sendUnsupported }));
        }}
      />
      <FormGroup controlId={`${id}-effort`} className="mt-2">
        <FormLabel>{MODEL_TEXTS.reasoningEffort}</FormLabel>
        <FormSelect
          value={form.reasoningEffort}
          onChange={(event) => {
            const reasoningEffort = event.currentTarget.value as OpenAiForm['reasoningEffort'];
            setForm((current) => ({ ...current, reasoningEffort }));
          }}
        >
          <option value="">The model's default</option>
          {REASONING_EFFORTS.map((effort) => (
            <option key={effort} value={effort}>
              {effort}
            </option>
          ))}
        </FormSelect>
      </FormGroup>
    </div>
  );
}

export function OpenAiOptions({ form, setForm, models, modelNotice, kindExtras = true }: ChatGptOptionsProps) {
  const messages = useDialogState();
  const help = useDialogState();
  const warning = useDialogState();

  // docs/product.md §2 modal 7: only switching top_p on while temperature is on asks first (docs/decisions.md).
  const allowEnable = (key: OpenAiOptionKey) => {
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
        modelNotice={modelNotice}
        fields={OPENAI_OPTION_FIELDS}
        form={form}
        setForm={setForm}
        allowEnable={allowEnable}
        onEditMessages={messages.open}
        onHelp={help.open}
      >
        {kindExtras && models.find((choice) => choice.id === form.model)?.reasons && <ReasoningSettings form={form} setForm={setForm} />}
      </ServiceOptionsPanel>
      <Suspense fallback={null}>
        {messages.mounted && (
          <EditMessagesDialog
            show={messages.isOpen}
            onHide={messages.close}
            service={SPEC_PAIR_NAMES.a}
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
