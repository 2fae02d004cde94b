import { sql, type Kysely } from 'kysely';

/**
 * A conversation's turns may now be chosen (docs/decisions.md, "Conversations"): carry one side's
 * answer to both, ask one side only, or regenerate one side's last answer. `turn_choice` keeps the
 * choice as the contract's TTurnChoice in JSON (null for a plain turn). A regenerated answer keeps
 * its turn's number, so the rows of a conversation are ordered by `step` (1, 2, ... per
 * conversation), and the unique index moves from (conversation, turn) to (conversation, step): of
 * two writes that read the same history one is refused, so the history stays one line.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('logs').addColumn('turn_choice', 'varchar(64)').execute();
  await db.schema.alterTable('logs').addColumn('step', 'integer').execute();
  // Every turn before this migration was written once: its step is its turn.
  await sql`UPDATE logs SET step = turn WHERE conversation_id IS NOT NULL`.execute(db);
  await db.schema.dropIndex('logs_conversation').execute();
  await db.schema.createIndex('logs_conversation_step').unique().on('logs').columns(['conversation_id', 'step']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Before this migration a turn had one row: a regenerated answer stays in the log, outside its conversation.
  await sql`UPDATE logs SET conversation_id = NULL, turn = NULL WHERE turn_choice LIKE '%"regenerate"%'`.execute(db);
  await db.schema.dropIndex('logs_conversation_step').execute();
  await db.schema.createIndex('logs_conversation').unique().on('logs').columns(['conversation_id', 'turn']).execute();
  await db.schema.alterTable('logs').dropColumn('step').execute();
  await db.schema.alterTable('logs').dropColumn('turn_choice').execute();
}
