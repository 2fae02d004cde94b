import { modelChoiceLabel, type TModelChoice } from '@promptpair/contract';
import { ChoiceSelect } from './choice-select.tsx';

interface ModelSelectProps {
  label: string;
  value: string;
  models: readonly TModelChoice[];
  /** Shown under the picker: why the remembered model was replaced. */
  notice?: string | undefined;
  onChange: (model: string) => void;
}

const choiceOf = (model: TModelChoice) => ({ value: model.id, text: model.id === '' ? 'Default' : modelChoiceLabel(model) });

/**
 * The engine/model dropdown: today's models, each with its retirement day when announced. Before
 * the list arrives (or if it cannot) the current choice is the one option; '' reads "Default".
 */
export function ModelSelect({ label, value, models, notice, onChange }: ModelSelectProps) {
  return <ChoiceSelect label={label} value={value} choices={models.map(choiceOf)} current={choiceOf({ id: value, reasons: false })} notice={notice} onChange={onChange} />;
}
