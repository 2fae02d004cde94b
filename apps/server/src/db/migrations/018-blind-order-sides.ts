import type { Kysely } from 'kysely';

/**
 * A blind order names the side shown as "Answer A" (docs/decisions.md, "Blind mode"): `a` or `b`,
 * whatever service each side ran on, where it was kept under the spec's names for its pair
 * (`chatGPT` for side a, `palmAPI` for side b). Votes and prompt-list run items alike; the column
 * keeps its name and width, so every row stays where it was on SQLite and PostgreSQL.
 */
const TABLES = ['comparison_votes', 'batch_items'] as const;
const SIDE_OF_SPEC_NAME: [specName: string, side: string][] = [
  ['chatGPT', 'a'],
  ['palmAPI', 'b'],
];

async function rewrite(db: Kysely<unknown>, pairs: [from: string, to: string][]): Promise<void> {
  const typed = db as Kysely<Record<(typeof TABLES)[number], { answer_a: string | null }>>;
  for (const table of TABLES) {
    for (const [from, to] of pairs) await typed.updateTable(table).set({ answer_a: to }).where('answer_a', '=', from).execute();
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rewrite(db, SIDE_OF_SPEC_NAME);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rewrite(db, SIDE_OF_SPEC_NAME.map(([specName, side]) => [side, specName]));
}
