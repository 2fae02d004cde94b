import { SERVICE_KINDS, type TPairSideInfo, type TServiceKind } from '@promptpair/contract';
import { isSpecSides, sidesOf, type SideColumns } from '../db/repositories/side-columns.ts';
import type { ServiceNames } from './scoreboard.ts';

const asKind = (kind: string): TServiceKind => (SERVICE_KINDS as readonly string[]).includes(kind) ? (kind as TServiceKind) : 'openai-compatible';

/**
 * Each side's service (with its display name) and model as a log recorded them, for pages that name
 * the sides; undefined for the spec's pair, whose pages keep the spec's titles.
 */
export function namedSides(row: SideColumns, names: ServiceNames): { a: TPairSideInfo; b: TPairSideInfo } | undefined {
  if (isSpecSides(row)) return undefined;
  const sides = sidesOf(row);
  const side = (info: (typeof sides)['a']): TPairSideInfo => ({ service: info.service, kind: asKind(info.kind), name: names(info.service), model: info.model ?? '' });
  return { a: side(sides.a), b: side(sides.b) };
}
