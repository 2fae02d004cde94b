import type { Kysely } from 'kysely';

/**
 * The client address a prompt-list run was uploaded from, so runs can be limited per address as
 * well as per visitor (docs/decisions.md, "Prompt-list runs: limits per address"): two cookies
 * from one address are one address. Null for runs uploaded before this migration; they count for
 * the total only. Like ip_usage.ip, 64 characters hold any address a proxy can report.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('batch_jobs').addColumn('client_ip', 'varchar(64)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('batch_jobs').dropColumn('client_ip').execute();
}
