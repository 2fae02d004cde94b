import type { Kysely } from 'kysely';

/**
 * Blind conversations (docs/decisions.md, "Blind conversations"): every turn keeps its own row in
 * comparison_votes with the conversation's one hidden order, and names its conversation, so a vote
 * on any turn (or its end without one) reveals them all. `revealed_at` is set on every turn of a
 * conversation once its pairing is shown; a single blind comparison keeps both null and is revealed
 * by its vote, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('comparison_votes').addColumn('conversation_id', 'varchar(36)').execute();
  await db.schema.alterTable('comparison_votes').addColumn('revealed_at', 'varchar(32)').execute();
  await db.schema.createIndex('comparison_votes_conversation').on('comparison_votes').columns(['conversation_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('comparison_votes_conversation').execute();
  await db.schema.alterTable('comparison_votes').dropColumn('revealed_at').execute();
  await db.schema.alterTable('comparison_votes').dropColumn('conversation_id').execute();
}
