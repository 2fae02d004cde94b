// Texts of the page's two sides when any offered service may stand on either (docs/decisions.md,
// "Any service on either side"): the service pickers, the panels of kinds beyond the spec's pair,
// and the titles that tell two sides apart. No zod, so the page loads them with its first bundle.

/** Each kind's API as the picker names it (the contract's SERVICE_KINDS). */
const KIND_NAMES: Readonly<Record<string, string>> = { openai: 'OpenAI', google: 'Google', anthropic: 'Anthropic', 'openai-compatible': 'OpenAI-compatible' };

import { SIDE_NAME_SEPARATOR, SIDE_NAMES } from './side-names.ts';
import type { Side } from './sides.ts';

export const SIDE_TEXTS = {
  sideName: SIDE_NAMES,
  /** The service picker above each side's panel. */
  serviceLabel: { a: 'Left service', b: 'Right service' } as Record<Side, string>,
  /** A remembered service the site no longer offers: the side's default took its place. */
  serviceGone: (side: Side, remembered: string, replacement: string) =>
    `${SIDE_NAMES[side]}: the service "${remembered}" you used last time is no longer offered, so ${replacement} is selected.`,
  /** A remembered model of a service beyond the spec's pair that it no longer offers. */
  modelGone: (serviceName: string, remembered: string, replacement: string) =>
    `${serviceName}: the model "${remembered}" you used last time is no longer offered, so "${replacement}" is selected.`,
  /** A service in the picker, with the API it speaks: "Claude (Anthropic)". */
  serviceOption: (serviceName: string, kind: string) => `${serviceName} (${KIND_NAMES[kind] ?? kind})`,
  panelTitle: (serviceName: string) => `${serviceName} Options`,
  modelLabel: 'Model',
  keyLabel: (serviceName: string) => `${serviceName} API key`,
  /** A declared service that takes none of the settings the page knows. */
  noSettings: (serviceName: string) => `${serviceName} takes no settings beyond the model and the messages.`,
  stopSequenceLabel: (n: number) => `Stop sequence ${n}`,
  /** Between a title's parts: "ChatGPT · gpt-5-mini · temperature 0.2". */
  titleSeparator: SIDE_NAME_SEPARATOR,
  /** A setting one side sends and the other leaves to the service. */
  unsetSetting: 'default',
  /** When two sides run the same service, model and settings: which one is which. */
  sameAsOther: { a: 'left', b: 'right' } as Record<Side, string>,
} as const;
