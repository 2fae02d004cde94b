// The Google kind's settings as the panel describes them: the spec's Palm API sliders (docs/product.md §9 ranges
// in BARD_LIMITS). The schema the server validates with is ZBardSettings (schemas/comparison.ts).
import { BARD_LIMITS } from '../constants.ts';
import type { SettingDescriptor } from './setting-descriptors.ts';

export const GOOGLE_SETTINGS: readonly SettingDescriptor[] = [
  { name: 'temperature', control: 'slider', label: 'Temperature', range: BARD_LIMITS.temperature, integer: false, help: 'Randomness of the answer: higher is more varied.' },
  { name: 'candidateCount', control: 'slider', label: 'Candidate count', range: BARD_LIMITS.candidateCount, integer: true, help: 'How many answers the service writes; the first is shown.' },
  { name: 'maxOutputTokens', control: 'slider', label: 'Max output tokens', range: BARD_LIMITS.maxOutputTokens, integer: true, help: 'The longest answer, in tokens; 0 leaves it to the service.' },
  { name: 'topP', control: 'slider', label: 'Top P', range: BARD_LIMITS.topP, integer: false, help: 'Samples only from the most likely words that add up to this probability.' },
  { name: 'topK', control: 'slider', label: 'Top K', range: BARD_LIMITS.topK, integer: true, help: 'Samples only from this many most likely words.' },
];
