import { useState } from 'react';
import { MODEL_OFFERS } from '../../../test/fetch-mock.ts';
import { createKindForms, type GoogleForm, type OpenAiForm } from '../logic/settings-model.ts';
import { GoogleOptions } from '../components/google-options.tsx';
import { OpenAiOptions } from '../components/openai-options.tsx';

/** Test-only: a panel with real state, reporting each new form so tests can read it. */
export function OpenAiOptionsHarness({ onForm }: { onForm?: (form: OpenAiForm) => void }) {
  const [form, setForm] = useState({ ...createKindForms().openai, model: 'gpt-4o-mini' });
  onForm?.(form);
  return <OpenAiOptions form={form} setForm={setForm} models={MODEL_OFFERS.chatGPT.models} />;
}

export function GoogleOptionsHarness({ onForm }: { onForm?: (form: GoogleForm) => void }) {
  const [form, setForm] = useState({ ...createKindForms().google, model: 'chat-bison-001' });
  onForm?.(form);
  return <GoogleOptions form={form} setForm={setForm} models={MODEL_OFFERS.palmAPI.models} />;
}
