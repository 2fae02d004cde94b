import { OpenAiOptions } from './openai-options.tsx';
import type { SidePanelProps } from './side-panel-props.ts';

/** The OpenAI kind's panel: the spec's ChatGPT Options, on either side. */
export function OpenAiPanel({ form, setForm, models, modelNotice, specPair }: SidePanelProps<'openai'>) {
  return <OpenAiOptions form={form} setForm={setForm} models={models} modelNotice={modelNotice} kindExtras={specPair} />;
}
