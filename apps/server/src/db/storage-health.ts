import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './database.ts';
import { describeStorageFault, isStorageUnavailable } from './storage-errors.ts';

/** `/readyz` writes at most this often (and an incident is rechecked this often); between, the last probe answers. */
export const PROBE_INTERVAL_MS = 5_000;
/** A probe that waits longer than this counts as failed: readiness never hangs on the database. */
export const PROBE_TIMEOUT_MS = 3_000;
/** Writes waiting for the database to answer again (refunds); past this the oldest are dropped. */
const MAX_DEFERRED = 1_000;

export type ProbeResult = { ok: true } | { ok: false; error: unknown };

export interface StorageHealth {
  /**
   * Something that needed the database found it unavailable. The first fault of an incident is
   * logged as one warn line; later ones are only counted until a probe finds the database writing
   * again, which is logged once too: an outage costs two lines, not a stack per request.
   */
  fault(error: unknown): void;
  /** Whether the database can write, from a write probe at most PROBE_INTERVAL_MS old (shared by concurrent callers). */
  check(): Promise<ProbeResult>;
  /** Runs `work` once the database answers again (at once when no incident is open); a storage fault re-queues it. */
  afterRecovery(work: () => Promise<unknown>): void;
  close(): void;
}

/** One upsert into a table of its own (migration 010): a database that reads but cannot write fails it. */
async function probeWrite(db: Database): Promise<void> {
  const at = new Date().toISOString();
  await db
    .insertInto('storage_probe')
    .values({ id: 'readyz', probed_at: at })
    .onConflict((oc) => oc.column('id').doUpdateSet({ probed_at: at }))
    .execute();
}

async function probeWithin(db: Database, timeoutMs: number): Promise<ProbeResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`the write probe took longer than ${timeoutMs} ms`)), timeoutMs)));
  try {
    await Promise.race([probeWrite(db), timeout]);
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  } finally {
    clearTimeout(timer);
  }
}

export function createStorageHealth(
  db: Database, log: FastifyBaseLogger, options: { probeIntervalMs?: number; probeTimeoutMs?: number } = {},
): StorageHealth {
  const intervalMs = options.probeIntervalMs ?? PROBE_INTERVAL_MS;
  const timeoutMs = options.probeTimeoutMs ?? PROBE_TIMEOUT_MS;
  let last: { at: number; result: ProbeResult } | undefined;
  let running: Promise<ProbeResult> | undefined;
  let incident: { since: number; faults: number; timer: NodeJS.Timeout } | undefined;
  let deferred: (() => Promise<unknown>)[] = [];
  let closed = false;

  const probe = (): Promise<ProbeResult> => {
    running ??= probeWithin(db, timeoutMs).then((result) => {
      running = undefined;
      last = { at: Date.now(), result };
      return result;
    });
    return running;
  };

  const runDeferred = () => {
    const work = deferred;
    deferred = [];
    for (const task of work) {
      task().catch((error: unknown) => {
        if (isStorageUnavailable(error)) {
          health.fault(error);
          health.afterRecovery(task);
        } else log.error({ err: error }, 'a write held back during a database outage failed');
      });
    }
  };

  // While an incident is open the database is probed on its own, so its end is seen (and logged)
  // even when no request comes, and held-back writes run.
  const recheck = async () => {
    const result = await probe();
    if (!incident || closed || !result.ok) return;
    clearInterval(incident.timer);
    log.warn({ unavailableMs: Date.now() - incident.since, faults: incident.faults }, 'the database answers again');
    incident = undefined;
    runDeferred();
  };

  const health: StorageHealth = {
    fault(error) {
      if (closed) return;
      if (incident) {
        incident.faults++;
        return;
      }
      log.warn(describeStorageFault(error), 'the database is unavailable: until it answers again, requests that need it answer 503 and comparisons answer unsaved');
      // A probe made before this fault says nothing about now.
      last = undefined;
      incident = { since: Date.now(), faults: 1, timer: setInterval(() => void recheck(), intervalMs) };
      incident.timer.unref();
    },
    async check() {
      if (running) return running;
      if (last && Date.now() - last.at < intervalMs) return last.result;
      const result = await probe();
      if (!result.ok) health.fault(result.error);
      return result;
    },
    afterRecovery(work) {
      if (!incident) {
        deferred.push(work);
        runDeferred();
        return;
      }
      if (deferred.length >= MAX_DEFERRED) deferred.shift();
      deferred.push(work);
    },
    close() {
      closed = true;
      if (incident) clearInterval(incident.timer);
      incident = undefined;
      deferred = [];
    },
  };
  return health;
}
