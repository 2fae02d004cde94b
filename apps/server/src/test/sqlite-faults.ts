import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';

/*
 * SQLite faults for the outage tests, made for real where the machine lets the test (root: a small
 * tmpfs to fill, `chattr +i` to make the files immutable). Elsewhere the same SQLite errors are
 * injected where every statement of the server runs: better-sqlite3's Statement#run (Kysely's
 * driver and BEGIN/COMMIT go through it), so each write fails as the real
 * fault makes it fail, and reads go on. `how` says which one a run used.
 */

export interface SqliteFault {
  how: 'real' | 'injected';
  /** The fault begins: writes fail from now on. */
  begin(): void;
  /** The fault ends (space freed, the file writable again). */
  end(): void;
  close(): void;
}

/** Makes every write statement of this process throw the SQLite error `code`; returns the undo. */
function injectWriteError(code: string, message: string): () => void {
  const probe = new SQLite(':memory:');
  const prototype = Object.getPrototypeOf(probe.prepare('select 1')) as { run: (...args: unknown[]) => unknown; reader: boolean };
  probe.close();
  const run = prototype.run;
  prototype.run = function (this: { reader: boolean }, ...args: unknown[]) {
    if (!this.reader) throw new SQLite.SqliteError(message, code);
    return run.apply(this, args);
  };
  return () => void (prototype.run = run);
}

function tryCommand(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A DATA_DIR on a file system of its own, small enough to fill (a 32 MiB tmpfs), or a plain folder and injected SQLITE_FULL. */
export function fullDisk(): { dataDir: string; fault: SqliteFault } {
  const mountPoint = mkdtempSync(join(tmpdir(), 'promptpair-full-'));
  const dataDir = join(mountPoint, 'data');
  const mounted = tryCommand('mount', ['-t', 'tmpfs', '-o', 'size=32m,mode=0700', 'tmpfs', mountPoint]);
  const filler = join(mountPoint, 'filler');
  let undo: (() => void) | undefined;
  const fault: SqliteFault = {
    how: mounted ? 'real' : 'injected',
    begin() {
      if (!mounted) return void (undo = injectWriteError('SQLITE_FULL', 'database or disk is full'));
      const fd = openSync(filler, 'a');
      const block = Buffer.alloc(64 * 1024);
      try {
        for (let size = block.length; size >= 1; size = Math.floor(size / 2)) {
          try {
            for (;;) writeSync(fd, block, 0, size);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          }
        }
      } finally {
        closeSync(fd);
      }
    },
    end() {
      undo?.();
      undo = undefined;
      rmSync(filler, { force: true });
    },
    close() {
      fault.end();
      if (mounted) tryCommand('umount', ['-l', mountPoint]);
      rmSync(mountPoint, { recursive: true, force: true });
    },
  };
  return { dataDir, fault };
}

/**
 * The database file and its WAL made immutable (`chattr +i`: even root cannot write them; the
 * -shm stays, SQLite maps it), or injected SQLITE_READONLY where chattr is not allowed.
 */
export function readOnlyDatabase(file: string): SqliteFault {
  const files = [file, `${file}-wal`];
  let real: boolean | undefined;
  let undo: (() => void) | undefined;
  return {
    get how() {
      return real === false ? 'injected' : 'real';
    },
    begin() {
      real ??= tryCommand('chattr', ['+i', ...files]) && tryCommand('chattr', ['-i', ...files]);
      if (real) tryCommand('chattr', ['+i', ...files]);
      else undo = injectWriteError('SQLITE_READONLY', 'attempt to write a readonly database');
    },
    end() {
      if (real) tryCommand('chattr', ['-i', ...files]);
      undo?.();
      undo = undefined;
    },
    close() {
      this.end();
    },
  };
}
