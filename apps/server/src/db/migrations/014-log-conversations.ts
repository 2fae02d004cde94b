import type { Kysely } from 'kysely';

/**
 * Every logged turn of a general pair names its conversation and its turn number (docs/decisions.md,
 * "Conversations"): a conversation's history is read back from its visitor's logged turns, so no
 * table of its own and nothing but what the log already held (never a key). The conversation id is
 * its first turn's log id. Rows written before this migration, and the spec's body, stay null: a
 * single comparison that no follow-up can name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('logs').addColumn('conversation_id', 'varchar(36)').execute();
  await db.schema.alterTable('logs').addColumn('turn', 'integer').execute();
  // Unique: of two follow-ups sent at once, one is turn n and the other's log write is refused (its
  // answers still shown, unsaved), so no history holds two exchanges that never saw each other.
  await db.schema.createIndex('logs_conversation').unique().on('logs').columns(['conversation_id', 'turn']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('logs_conversation').execute();
  await db.schema.alterTable('logs').dropColumn('turn').execute();
  await db.schema.alterTable('logs').dropColumn('conversation_id').execute();
}
