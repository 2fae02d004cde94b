import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { useTempSqlite } from '../test/temp-sqlite.ts';
import { createStorageHealth } from './storage-health.ts';

// One outage, two log lines: the first fault says the database is unavailable, the ones after it
// are only counted, and a probe that writes again says it answers again and runs the writes held
// back meanwhile. Faults are real: SQLite refusing every write (PRAGMA query_only).

const open = useTempSqlite('promptpair-health-');
const INTERVAL_MS = 100;

function recordingLog() {
  const warn = vi.fn();
  const error = vi.fn();
  return { log: { warn, error, info: vi.fn(), debug: vi.fn() } as never, warn, error };
}


describe('storage health', () => {
  it('logs an outage once when it begins and once when a probe finds the database writing again, then runs what was held back', async () => {
    const { db } = await open();
    const { log, warn } = recordingLog();
    const health = createStorageHealth(db, log, { probeIntervalMs: INTERVAL_MS });
    try {
      await sql`pragma query_only = 1`.execute(db);
      const failed = await health.check();
      expect(failed).toMatchObject({ ok: false, error: { code: 'SQLITE_READONLY' } });
      health.fault(new Error('Connection terminated unexpectedly'));
      health.fault(new Error('Connection terminated unexpectedly'));
      const heldBack = vi.fn(() => Promise.resolve());
      health.afterRecovery(heldBack);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]).toEqual([{ code: 'SQLITE_READONLY', cause: 'attempt to write a readonly database' }, expect.stringMatching(/^the database is unavailable/)]);

      await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS * 3));
      expect(warn).toHaveBeenCalledTimes(1);
      expect(heldBack).not.toHaveBeenCalled();

      await sql`pragma query_only = 0`.execute(db);
      await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2), { timeout: 5_000 });
      expect(warn.mock.calls[1]).toEqual([{ unavailableMs: expect.any(Number), faults: 3 }, 'the database answers again']);
      expect(heldBack).toHaveBeenCalledTimes(1);
      expect(await health.check()).toEqual({ ok: true });
    } finally {
      health.close();
    }
  });

  it('writes at most once per interval, however often it is asked', async () => {
    const { db } = await open();
    const health = createStorageHealth(db, recordingLog().log, { probeIntervalMs: 60_000 });
    try {
      const results = await Promise.all(Array.from({ length: 20 }, () => health.check()));
      expect(results.every((result) => result.ok)).toBe(true);
      const first = await db.selectFrom('storage_probe').select('probed_at').executeTakeFirstOrThrow();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await health.check()).ok).toBe(true);
      expect(await db.selectFrom('storage_probe').select('probed_at').executeTakeFirstOrThrow()).toEqual(first);
    } finally {
      health.close();
    }
  });

  it('runs held-back work at once when no outage is open, and holds it again when the database refuses it', async () => {
    const { db } = await open();
    const { log, warn } = recordingLog();
    const health = createStorageHealth(db, log, { probeIntervalMs: INTERVAL_MS });
    try {
      let attempts = 0;
      const write = async () => {
        attempts++;
        await db.insertInto('storage_probe').values({ id: `held-${attempts}`, probed_at: 'now' }).execute();
      };
      await sql`pragma query_only = 1`.execute(db);
      health.afterRecovery(write);
      await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
      await sql`pragma query_only = 0`.execute(db);
      await vi.waitFor(() => expect(db.selectFrom('storage_probe').select('id').where('id', 'like', 'held-%').execute()).resolves.toHaveLength(1), { timeout: 5_000 });
      expect(attempts).toBe(2);
    } finally {
      health.close();
    }
  });
});
