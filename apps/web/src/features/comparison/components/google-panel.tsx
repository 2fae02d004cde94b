import { GoogleOptions } from './google-options.tsx';
import type { SidePanelProps } from './side-panel-props.ts';

/** The Google kind's panel: the spec's Palm API (Gemini) options, PaLM models kept, on either side. */
export function GooglePanel({ form, setForm, models, modelNotice, specPair }: SidePanelProps<'google'>) {
  return <GoogleOptions form={form} setForm={setForm} models={models} modelNotice={modelNotice} kindExtras={specPair} />;
}
