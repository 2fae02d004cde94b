import { SETTING_LABELS, settingValueText, SIDE_TEXTS, SPEC_PAIR_NAMES, type Side, type TServiceInfo } from '@promptpair/contract';
import { isPairRequest, type SentRequest } from './build-request.ts';

/** What names one side of a general pair: its service's display name, its model and the settings it sent. */
export interface SideTitleInput {
  name: string;
  /** '' when the side named none (the server picks the service's default). */
  model: string;
  settings?: Readonly<Record<string, unknown>> | undefined;
}

/** The settings the two sides send differently, in the order they first appear: "temperature 0.2". */
function differences(a: SideTitleInput, b: SideTitleInput, labels: Readonly<Record<string, string>>): Record<Side, string[]> {
  const mine = a.settings ?? {};
  const theirs = b.settings ?? {};
  const names = [...new Set([...Object.keys(mine), ...Object.keys(theirs)])];
  const differing = names.filter((name) => JSON.stringify(mine[name]) !== JSON.stringify(theirs[name]));
  const part = (settings: Readonly<Record<string, unknown>>, name: string) =>
    `${(labels[name] ?? SETTING_LABELS[name])?.toLowerCase() ?? name} ${settings[name] === undefined ? SIDE_TEXTS.unsetSetting : settingValueText(settings[name])}`;
  return { a: differing.map((name) => part(mine, name)), b: differing.map((name) => part(theirs, name)) };
}

/**
 * The two answers' titles. The spec's pair keeps its names ("ChatGPT", "Palm API"); a general pair
 * names each side "service · model", and when both name the same, adds the settings that differ
 * ("ChatGPT · gpt-5-mini · temperature 0.2" against "… temperature 1"), or else which side it is,
 * so two boxes never share a title. `labels` names settings by their panels' labels.
 */
export function sideTitles(pair: { a: SideTitleInput; b: SideTitleInput } | null, labels: Readonly<Record<string, string>> = {}): Record<Side, string> {
  if (pair === null) return SPEC_PAIR_NAMES;
  const base = (side: SideTitleInput) => [side.name, side.model].filter((part) => part !== '').join(SIDE_TEXTS.titleSeparator);
  const titles = { a: base(pair.a), b: base(pair.b) };
  if (titles.a !== titles.b) return titles;
  const differ = differences(pair.a, pair.b, labels);
  const tell = (side: Side) => (differ[side].length > 0 ? differ[side].join(', ') : SIDE_TEXTS.sameAsOther[side]);
  return { a: [titles.a, tell('a')].join(SIDE_TEXTS.titleSeparator), b: [titles.b, tell('b')].join(SIDE_TEXTS.titleSeparator) };
}

/** The titles of a comparison as sent: each side named from the list of services (its id if the list never came). */
export function sentTitles(request: SentRequest, services: readonly TServiceInfo[] | null): Record<Side, string> {
  if (!isPairRequest(request)) return sideTitles(null);
  const labels = Object.fromEntries((services ?? []).flatMap((service) => service.settings.map((setting) => [setting.name, setting.label] as const)));
  const input = (side: Side): SideTitleInput => {
    const sent = request.sides[side];
    const service = services?.find((offered) => offered.id === sent.service);
    return { name: service?.name ?? sent.service, model: sent.model ?? service?.defaultModel ?? '', settings: sent.settings };
  };
  return sideTitles({ a: input('a'), b: input('b') }, labels);
}
