import type { Kysely } from 'kysely';

/**
 * Prompt-list runs: a job and one row per prompt. Each item gets its log id when it
 * is created, so finishing it twice (after a crash) can only ever write one log record.
 * The lease columns say which server process works the job and until when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('batch_jobs')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('visitor_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('filename', 'varchar(200)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('concurrency', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .addColumn('run_started_at', 'varchar(32)')
    .addColumn('run_start_finished', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'varchar(64)')
    .addColumn('lease_until', 'varchar(32)')
    .execute();
  await db.schema.createIndex('batch_jobs_visitor_created').on('batch_jobs').columns(['visitor_id', 'created_at']).execute();
  await db.schema.createIndex('batch_jobs_status').on('batch_jobs').column('status').execute();

  await db.schema
    .createTable('batch_items')
    .addColumn('job_id', 'varchar(64)', (c) => c.notNull().references('batch_jobs.id').onDelete('cascade'))
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('log_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('finished_at', 'varchar(32)')
    .addPrimaryKeyConstraint('batch_items_pk', ['job_id', 'idx'])
    .execute();
  await db.schema.createIndex('batch_items_job_status').on('batch_items').columns(['job_id', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('batch_items').execute();
  await db.schema.dropTable('batch_jobs').execute();
}
