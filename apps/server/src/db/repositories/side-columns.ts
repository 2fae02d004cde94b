// Which service, kind and model each side used, as logs (migration 011) and runs (migration 012)
// keep them: six columns, `side_a_*` for the left side, `side_b_*` for the right, the scheme every
// paired column follows since migration 017. Every write and read of the six goes through here, so
// the two tables cannot drift apart.
import { SPEC_LOG_SIDES } from '@promptpair/contract';

/** One side: side a's result is a log's `side_a_data`, side b's its `side_b_data`. */
export interface LogSide {
  service: string;
  kind: string;
  model: string | null;
}

export interface LogSides {
  a: LogSide;
  b: LogSide;
}

/** The spec's pair as the columns hold it (their defaults): every record of the spec's body and every older row. */
export const SPEC_SIDES: LogSides = SPEC_LOG_SIDES;

export interface SideColumns {
  side_a_service: string;
  side_a_kind: string;
  side_a_model: string | null;
  side_b_service: string;
  side_b_kind: string;
  side_b_model: string | null;
}

/** The six columns' names, for a select; `sidesOf` reads what they return. */
export const SIDE_COLUMN_NAMES = ['side_a_service', 'side_a_kind', 'side_a_model', 'side_b_service', 'side_b_kind', 'side_b_model'] as const;

/** The same six, named through a table, for a select over a join. */
export const sideColumnsIn = <T extends string>(table: T) => SIDE_COLUMN_NAMES.map((column) => `${table}.${column}` as const);

/** The six columns for a row's sides. */
export const sideColumns = ({ a, b }: LogSides): SideColumns => ({
  side_a_service: a.service,
  side_a_kind: a.kind,
  side_a_model: a.model,
  side_b_service: b.service,
  side_b_kind: b.kind,
  side_b_model: b.model,
});

/** A row's sides as its six columns name them. */
export const sidesOf = (row: SideColumns): LogSides => ({
  a: { service: row.side_a_service, kind: row.side_a_kind, model: row.side_a_model },
  b: { service: row.side_b_service, kind: row.side_b_kind, model: row.side_b_model },
});

/** The spec's pair: ChatGPT left, Palm API right, no model recorded (a run resolves it per prompt). */
export const isSpecSides = (row: Pick<SideColumns, 'side_a_service' | 'side_a_model' | 'side_b_service' | 'side_b_model'>): boolean =>
  row.side_a_service === SPEC_SIDES.a.service && row.side_b_service === SPEC_SIDES.b.service && row.side_a_model === null && row.side_b_model === null;
