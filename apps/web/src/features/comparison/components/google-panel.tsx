import { BardOptions } from './bard-options.tsx';
import type { SidePanelProps } from './side-panel-props.ts';

/** The Google kind's panel: the spec's Palm API (Gemini) options, PaLM models kept, on either side. */
export function GooglePanel({ form, setForm, models, modelNotice, specPair }: SidePanelProps<'google'>) {
  return <BardOptions form={form} setForm={setForm} models={models} modelNotice={modelNotice} kindExtras={specPair} />;
}
