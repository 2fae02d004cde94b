import { sql, type Kysely } from 'kysely';

/**
 * One running prompt list per visitor (docs/decisions.md, "Prompt-list runs"), held by the
 * database: checking first and inserting after let parallel uploads start several. Runs that
 * race already started are settled first: each visitor keeps the oldest, the rest are cancelled
 * (their finished prompts and records stay), as if the visitor had pressed Cancel.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE batch_jobs SET status = 'cancelled', finished_at = ${new Date().toISOString()}, lease_owner = NULL, lease_until = NULL
    WHERE status = 'running' AND EXISTS (
      SELECT 1 FROM batch_jobs AS older
      WHERE older.visitor_id = batch_jobs.visitor_id AND older.status = 'running'
        AND (older.created_at < batch_jobs.created_at OR (older.created_at = batch_jobs.created_at AND older.id < batch_jobs.id))
    )`.execute(db);
  await db.schema.createIndex('batch_jobs_one_running').unique().on('batch_jobs').column('visitor_id').where(sql.ref('status'), '=', 'running').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('batch_jobs_one_running').execute();
}
