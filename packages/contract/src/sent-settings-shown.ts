// Without zod (only its types): the shared page reads this, and a page that validates nothing should
// not download the schemas (docs/decisions.md, "Page weight and first paint").
import type { TSentSettings, TSidesSentSettings } from './schemas/share.ts';

/** One side's sent settings as the pages show them: any kind's, by name; null for a side left out. */
export type SideSettingsShown = Readonly<Record<string, unknown>> | null;

/**
 * What each side was sent with, for the pages: a side's settings by its own kind when the record
 * has them (a general pair), else the spec's schemas' reading. Undefined when the record kept none.
 */
export function sentSettingsShown(settings: TSentSettings | undefined, sideSettings: TSidesSentSettings | undefined): { chatGPT: SideSettingsShown; palmAPI: SideSettingsShown } | undefined {
  if (!settings && !sideSettings) return undefined;
  return { chatGPT: sideSettings?.a?.settings ?? settings?.chatGPT ?? null, palmAPI: sideSettings?.b?.settings ?? settings?.palmAPI ?? null };
}
