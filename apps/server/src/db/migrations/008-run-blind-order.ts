import type { Kysely } from 'kysely';

/**
 * The order a prompt-list run's results view shows each prompt's answers in, blind until the
 * visitor votes on it: the service shown as "Answer A". Drawn by the server the first
 * time the prompt is shown and kept, so a reload shows the same order; the vote itself goes to
 * comparison_votes like any blind vote, which is how the scoreboard counts it per run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('batch_items').addColumn('answer_a', 'varchar(16)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('batch_items').dropColumn('answer_a').execute();
}
