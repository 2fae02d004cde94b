import { SERVICE_KINDS, type TPairSideInfo, type TServiceKind } from '@promptpair/contract';
import type { Selectable } from 'kysely';
import { isSpecPair, logSides } from '../db/repositories/log-history.ts';
import type { LogsTable } from '../db/schema.ts';
import type { ServiceNames } from './scoreboard.ts';

type SideColumns = Pick<Selectable<LogsTable>, 'side_a_service' | 'side_a_kind' | 'side_a_model' | 'side_b_service' | 'side_b_kind' | 'side_b_model'>;

const asKind = (kind: string): TServiceKind => (SERVICE_KINDS as readonly string[]).includes(kind) ? (kind as TServiceKind) : 'openai-compatible';

/**
 * Each side's service (with its display name) and model as a log recorded them, for pages that name
 * the sides; undefined for the spec's pair, whose pages keep the spec's titles.
 */
export function namedSides(row: SideColumns, names: ServiceNames): { a: TPairSideInfo; b: TPairSideInfo } | undefined {
  if (isSpecPair(row)) return undefined;
  const sides = logSides(row);
  const side = (info: (typeof sides)['a']): TPairSideInfo => ({ service: info.service, kind: asKind(info.kind), name: names(info.service), model: info.model ?? '' });
  return { a: side(sides.a), b: side(sides.b) };
}
