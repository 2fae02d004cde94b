// How the pages name each side of a pair (docs/decisions.md, "Any service on either side"): the
// spec's pair keeps its titles ("ChatGPT", "Palm API"); any other pair names each side by its
// service and model ("Claude · claude-haiku-5-5"). No zod, so the first bundle can use it.
import { bySides, SPEC_PAIR, type Side } from './sides.ts';

/** What a side ran on, as a record keeps it: the service's id, its display name when known, the model. */
export interface SideIdentity {
  service: string;
  /** The service's display name; the id stands in when a record does not carry it. */
  name?: string | undefined;
  model: string | null;
}

/** Each side's name as every text about the pair uses it (titles, verdict, costs, downloads). */
export interface PairNames {
  a: string;
  b: string;
}

/** The spec's pair: side a is ChatGPT, side b Palm API, as every spec text names them. */
export const SPEC_PAIR_NAMES: PairNames = bySides((side) => SPEC_PAIR[side].name);

/** Between a side's service and its model: "Claude · claude-haiku-5-5". */
export const SIDE_NAME_SEPARATOR = ' · ';

/** One side named by its service and model; a side whose model was not kept is named by its service. */
export function sideName(side: SideIdentity): string {
  const service = side.name ?? side.service;
  return side.model ? `${service}${SIDE_NAME_SEPARATOR}${side.model}` : service;
}

/** Both sides' names: the spec's titles when the record names no sides (the spec's pair). */
export function pairNames(sides: { a: SideIdentity; b: SideIdentity } | null | undefined): PairNames {
  return sides ? { a: sideName(sides.a), b: sideName(sides.b) } : SPEC_PAIR_NAMES;
}

/** The sides by place: the page's side pickers, and columns holding several pairs' sides (Log Details). */
export const SIDE_NAMES: Readonly<Record<Side, string>> = { a: 'Left side', b: 'Right side' };
export const PAIR_COLUMN_TEXTS: PairNames = SIDE_NAMES;

/**
 * A column's heading over several comparisons: the spec's titles when every one is the spec's pair,
 * the sides' names when all ran on the same pair, else "Left side" / "Right side" (each row names its own).
 */
export function columnNames(rows: readonly { names?: PairNames | undefined }[]): PairNames {
  const first = rows[0]?.names;
  if (rows.every((row) => row.names === undefined)) return SPEC_PAIR_NAMES;
  if (first && rows.every((row) => row.names?.a === first.a && row.names.b === first.b)) return first;
  return PAIR_COLUMN_TEXTS;
}

/** What a run on a pair other than the spec's says it runs on (the run's panel). */
export const RUN_PAIR_TEXTS = {
  runsOn: (names: PairNames) => `Left: ${names.a}. Right: ${names.b}.`,
} as const;
