import { sql, type Kysely } from 'kysely';

/**
 * The settings each side of a prompt-list run was sent with, on records made before runs kept
 * them: copied from the run's own settings, which never held a key. Both sides of a
 * run are always called, so a side without settings was sent the defaults ("{}"). Records that
 * already hold settings are left alone, so running this again changes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: string; settings: string }>`SELECT id, settings FROM batch_jobs`.execute(db);
  for (const job of rows) {
    const settings = readRunSettings(job.settings);
    await sql`
      UPDATE logs SET chatgpt_settings = ${JSON.stringify(settings.chatGPT ?? {})}, palm_settings = ${JSON.stringify(settings.bardAPI ?? {})}
      WHERE chatgpt_settings IS NULL AND palm_settings IS NULL
        AND id IN (SELECT log_id FROM batch_items WHERE job_id = ${job.id})`.execute(db);
  }
}

/** A run's settings as stored since migration 004 ({chatGPT?, bardAPI?}); anything else counts as defaults. */
function readRunSettings(text: string): { chatGPT?: unknown; bardAPI?: unknown } {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : {};
  } catch {
    return {};
  }
}

export async function down(): Promise<void> {
  // The copied settings are true of those records; nothing to undo.
}
