import type { Env } from '../config/env.ts';
import { runningUser, shortCause, StartupError } from '../lib/startup-error.ts';
import { databaseFileProblem, sqliteFileIn } from './data-dir.ts';
import { isStorageUnavailable } from './storage-errors.ts';

/** The storage failure somewhere in an error's causes (a migration wraps the database's own error). */
function storageCause(error: unknown): unknown {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    if (isStorageUnavailable(cause)) return cause;
  }
  return undefined;
}

/**
 * A database the migrations at start could not use, in one line with what to do; any other
 * failure (a migration's own bug) is returned as it was, stack and all.
 */
export function storageProblemAtStart(env: Env, dataDir: string, error: unknown): unknown {
  const cause = storageCause(error);
  if (cause === undefined) return error;
  if (!env.databaseUrl) return databaseFileProblem(sqliteFileIn(dataDir), cause);
  return new StartupError(
    `PostgreSQL (DATABASE_URL) cannot be used (${shortCause(cause)}). Check that it runs and accepts connections from this host within DATABASE_CONNECT_TIMEOUT_MS.`,
  );
}

/** The generated app key's file could not be read or written (lib/app-key.ts). */
export function appKeyProblem(dataDir: string, error: unknown): unknown {
  if (typeof (error as { code?: unknown } | null)?.code !== 'string') return error;
  return new StartupError(
    `The app key file in DATA_DIR ${dataDir} cannot be read or written (${shortCause(error)}). Give ${runningUser()} read and write access to it, or set APP_KEY.`,
  );
}
