import type { Kysely } from 'kysely';

/**
 * A prompt-list run's settings are kept by side (docs/decisions.md, "Prompt-list runs"): `{a, b}`,
 * the shape a run on any other pair has kept since migration 012, where a run on the spec's pair kept
 * them under the spec body's names (`chatGPT` for side a, `bardAPI` for side b). Only the JSON text
 * in `batch_jobs.settings` changes; a value that is not such an object is left as it is.
 */
type Jobs = Kysely<{ batch_jobs: { id: string; settings: string; side_a_service: string; side_b_service: string; side_a_model: string | null; side_b_model: string | null } }>;

/** The spec's body's name for each side's settings, as runs kept them before this migration. */
const SPEC_NAME_OF_SIDE = { a: 'chatGPT', b: 'bardAPI' } as const;

function parsed(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Each side's settings moved from one name to the other; null when the value names neither. */
function renamed(text: string, from: Record<'a' | 'b', string>, to: Record<'a' | 'b', string>): string | null {
  const value = parsed(text);
  if (!value || !(from.a in value || from.b in value)) return null;
  return JSON.stringify({ [to.a]: value[from.a], [to.b]: value[from.b] });
}

async function rewrite(db: Jobs, rows: { id: string; settings: string }[], from: Record<'a' | 'b', string>, to: Record<'a' | 'b', string>): Promise<void> {
  for (const row of rows) {
    const settings = renamed(row.settings, from, to);
    if (settings !== null) await db.updateTable('batch_jobs').set({ settings }).where('id', '=', row.id).execute();
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const jobs = db as Jobs;
  await rewrite(jobs, await jobs.selectFrom('batch_jobs').select(['id', 'settings']).execute(), SPEC_NAME_OF_SIDE, { a: 'a', b: 'b' });
}

/** Back: the spec's pair's runs (the columns' defaults, no model) under the spec's names again; every other run keeps `{a, b}`. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const jobs = db as Jobs;
  const spec = await jobs
    .selectFrom('batch_jobs')
    .select(['id', 'settings'])
    .where('side_a_service', '=', 'chatgpt')
    .where('side_b_service', '=', 'palm')
    .where('side_a_model', 'is', null)
    .where('side_b_model', 'is', null)
    .execute();
  await rewrite(jobs, spec, { a: 'a', b: 'b' }, SPEC_NAME_OF_SIDE);
}
