import { useState } from 'react';
import { createDefaultSettings, type BardForm, type ChatGptForm } from '../logic/settings-model.ts';
import { BardOptions } from '../components/bard-options.tsx';
import { ChatGptOptions } from '../components/chatgpt-options.tsx';

/** Test-only: a panel with real state, reporting each new form so tests can read it. */
export function ChatGptOptionsHarness({ onForm }: { onForm?: (form: ChatGptForm) => void }) {
  const [form, setForm] = useState(createDefaultSettings().chatGPT);
  onForm?.(form);
  return <ChatGptOptions form={form} setForm={setForm} models={['gpt-4o-mini', 'gpt-4o']} />;
}

export function BardOptionsHarness({ onForm }: { onForm?: (form: BardForm) => void }) {
  const [form, setForm] = useState(createDefaultSettings().bard);
  onForm?.(form);
  return <BardOptions form={form} setForm={setForm} models={['gemini-2.0-flash']} />;
}
