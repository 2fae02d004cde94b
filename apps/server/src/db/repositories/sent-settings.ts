import { ZSentSettings, ZSideSentSettings, type TSentSettings, type TSideSentSettings, type TSidesSentSettings } from '@promptpair/contract';

/**
 * The settings kept with a log (logs.side_a_settings / side_b_settings, never a key), or undefined for
 * logs made before they were kept or text that cannot be read. Read through the contract's schema,
 * so only the settings it names ever leave the server.
 */
export function readSentSettings(a: string | null, b: string | null): TSentSettings | undefined {
  if (a === null && b === null) return undefined;
  try {
    const json = (text: string | null): unknown => (text === null ? null : JSON.parse(text));
    const parsed = ZSentSettings.safeParse({ chatGPT: json(a), palmAPI: json(b) });
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** One side's kept settings read by its kind's schema; null when none were kept or they cannot be read. */
function readSide(kind: string, text: string | null): TSideSentSettings | null {
  if (text === null) return null;
  try {
    const settings: unknown = JSON.parse(text);
    const parsed = ZSideSentSettings.safeParse({ kind, settings });
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * A general pair's settings, each side by its own kind (side a's in side_a_settings, b's in
 * side_b_settings), so what only other kinds take (a system prompt, top-k, stop sequences) is shown
 * too. Undefined when neither side kept any. Still only what the kind's schema names: never a key.
 */
export function readSideSettings(row: { side_a_kind: string; side_b_kind: string; side_a_settings: string | null; side_b_settings: string | null }): TSidesSentSettings | undefined {
  const a = readSide(row.side_a_kind, row.side_a_settings);
  const b = readSide(row.side_b_kind, row.side_b_settings);
  return a === null && b === null ? undefined : { a, b };
}
