import { chmodSync, closeSync, mkdirSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runningUser, shortCause, StartupError } from '../lib/startup-error.ts';

/** The embedded database's file in DATA_DIR. */
export const sqliteFileIn = (dataDir: string): string => join(dataDir, 'promptpair.sqlite');

/** Owner only: DATA_DIR holds visitors' prompts, sealed keys and the app key. */
const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

/**
 * Makes DATA_DIR (0700 when created here) and proves it can be listed and written, or stops the
 * start with one line naming the path and what to do. A real write, not access(): root passes
 * every permission check, and access() knows nothing of a read-only file system.
 */
export function prepareDataDir(dataDir: string): void {
  let step = 'created';
  try {
    mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR });
    step = 'read';
    readdirSync(dataDir);
    step = 'written';
    const probe = join(dataDir, `.write-check-${process.pid}`);
    closeSync(openSync(probe, 'w', PRIVATE_FILE));
    rmSync(probe);
  } catch (error) {
    throw new StartupError(
      `DATA_DIR ${dataDir} cannot be ${step} (${shortCause(error)}). Give ${runningUser()} read and write access to it, or set DATA_DIR to a folder it can write.`,
    );
  }
}

/**
 * The SQLite file, made 0600 before SQLite opens it: SQLite creates a new file 0644 and gives its
 * -wal and -shm the database file's mode. Files of ours made before this rule are tightened.
 */
export function keepDatabaseFilePrivate(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      continue;
    }
    // Only the owner may chmod; a file another user set up is left as they chose.
    if ((stat.mode & 0o077) !== 0 && stat.uid === process.getuid?.()) chmodSync(path, PRIVATE_FILE);
  }
}

/** A SQLite file that cannot be opened, read or written at start, in one line with what to do. */
export function databaseFileProblem(file: string, error: unknown): StartupError {
  return new StartupError(
    `The database file ${file} cannot be opened and written (${shortCause(error)}). Give ${runningUser()} read and write access to it and to its folder, free disk space if the disk is full, or set DATA_DIR to another folder.`,
  );
}
