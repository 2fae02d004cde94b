import { ZSentSettings, type TSentSettings } from '@promptpair/contract';

/**
 * The settings kept with a log (logs.chatgpt_settings / palm_settings, never a key), or undefined for
 * logs made before they were kept or text that cannot be read. Read through the contract's schema,
 * so only the settings it names ever leave the server.
 */
export function readSentSettings(chatGPT: string | null, palmAPI: string | null): TSentSettings | undefined {
  if (chatGPT === null && palmAPI === null) return undefined;
  try {
    const json = (text: string | null): unknown => (text === null ? null : JSON.parse(text));
    const parsed = ZSentSettings.safeParse({ chatGPT: json(chatGPT), palmAPI: json(palmAPI) });
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
