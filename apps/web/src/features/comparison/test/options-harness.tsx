import { useState } from 'react';
import { MODEL_OFFERS } from '../../../test/fetch-mock.ts';
import { createDefaultSettings, type BardForm, type ChatGptForm } from '../logic/settings-model.ts';
import { BardOptions } from '../components/bard-options.tsx';
import { ChatGptOptions } from '../components/chatgpt-options.tsx';

/** Test-only: a panel with real state, reporting each new form so tests can read it. */
export function ChatGptOptionsHarness({ onForm }: { onForm?: (form: ChatGptForm) => void }) {
  const [form, setForm] = useState({ ...createDefaultSettings().chatGPT, model: 'gpt-4o-mini' });
  onForm?.(form);
  return <ChatGptOptions form={form} setForm={setForm} models={MODEL_OFFERS.chatGPT.models} />;
}

export function BardOptionsHarness({ onForm }: { onForm?: (form: BardForm) => void }) {
  const [form, setForm] = useState({ ...createDefaultSettings().bard, model: 'chat-bison-001' });
  onForm?.(form);
  return <BardOptions form={form} setForm={setForm} models={MODEL_OFFERS.palmAPI.models} />;
}
