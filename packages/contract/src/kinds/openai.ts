// The OpenAI kind's settings as the panel describes them: the spec's ChatGPT sliders (docs/product.md §9 ranges
// in CHATGPT_LIMITS). The schema the server validates with is ZChatGptSettings (schemas/comparison.ts).
import { CHATGPT_LIMITS } from '../constants.ts';
import type { SettingDescriptor } from './setting-descriptors.ts';

export const OPENAI_SETTINGS: readonly SettingDescriptor[] = [
  { name: 'temperature', control: 'slider', label: 'Temperature', range: CHATGPT_LIMITS.temperature, integer: false, help: 'Randomness of the answer: higher is more varied.' },
  { name: 'top_p', control: 'slider', label: 'Top P', range: CHATGPT_LIMITS.top_p, integer: false, help: 'Samples only from the most likely words that add up to this probability.' },
  { name: 'frequencyPenalty', control: 'slider', label: 'Frequency penalty', range: CHATGPT_LIMITS.frequencyPenalty, integer: false, help: 'Discourages repeating the same words.' },
  { name: 'presencePenalty', control: 'slider', label: 'Presence penalty', range: CHATGPT_LIMITS.presencePenalty, integer: false, help: 'Encourages new topics.' },
  { name: 'maxLength', control: 'slider', label: 'Maximum length', range: CHATGPT_LIMITS.maxLength, integer: true, help: 'The longest answer, in tokens.' },
];

/** Names an OpenAI-compatible service may declare it accepts; a service that declares none accepts them all. */
export const OPENAI_SETTING_NAMES = OPENAI_SETTINGS.map((setting) => setting.name);
