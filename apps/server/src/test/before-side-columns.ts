import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { ComparisonVotesTable, DB, LogsTable } from '../db/schema.ts';

/** Each paired column's name before migration 017, by its name since. */
const LOG_NAMES_BEFORE = {
  side_a_data: 'chatgpt_data',
  side_b_data: 'palm_data',
  side_a_log_output: 'chatgpt_log_output',
  side_b_log_output: 'palm_log_output',
  side_a_settings: 'chatgpt_settings',
  side_b_settings: 'palm_settings',
} as const;
const VOTE_NAMES_BEFORE = {
  side_a_answered_model: 'chatgpt_model',
  side_b_answered_model: 'palm_model',
  side_a_self_named: 'chatgpt_self_named',
  side_b_self_named: 'palm_self_named',
} as const;

type Renamed<T, Names extends Record<string, string>> = { [K in keyof T as K extends keyof Names ? Names[K] : K]: T[K] };

/** The tables as migrations up to 016 left them: the paired columns under the names of the spec's pair. */
export type DBBeforeSideColumns = Omit<DB, 'logs' | 'comparison_votes'> & {
  logs: Renamed<LogsTable, typeof LOG_NAMES_BEFORE>;
  comparison_votes: Renamed<ComparisonVotesTable, typeof VOTE_NAMES_BEFORE>;
};

/** The same database typed as before migration 017, for a migration test that writes or reads rows of that time. */
export const beforeSideColumns = (db: Database): Kysely<DBBeforeSideColumns> => db as unknown as Kysely<DBBeforeSideColumns>;

const NAME_SINCE: Record<string, string> = Object.fromEntries(
  Object.entries({ ...LOG_NAMES_BEFORE, ...VOTE_NAMES_BEFORE }).map(([since, before]) => [before, since]),
);

/** A row written before migration 017 as it reads after it: the same values under the side names. */
export const withSideNames = (row: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(row).map(([column, value]) => [NAME_SINCE[column] ?? column, value]));
