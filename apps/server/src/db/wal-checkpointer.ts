import { closeSync, openSync, readSync } from 'node:fs';
import { endianness } from 'node:os';
import { Worker } from 'node:worker_threads';

/** How often the checkpointer looks at the WAL. */
export const CHECKPOINT_INTERVAL_MS = 100;
/** Frames (pages) waiting in the WAL that make a round worth running at once: about 25 comparisons' writes. */
export const ROUND_AFTER_FRAMES = 256;
/** However few frames wait, a round runs once the last one is this old. */
export const ROUND_AFTER_MS = 5_000;
/** Frames (pages) the WAL may hold before writes are paused so a checkpoint can finish: SQLite's own auto-checkpoint point. */
export const WAL_RESTART_FRAMES = 1000;

/** What `PRAGMA wal_checkpoint` reports: frames in the WAL, and how many of them are in the database file now. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

/**
 * The worker's module, beside the code that starts it: the source in src/db/, run by Node as it is
 * (its types are erasable), or the compiled file build.ts writes beside the bundle in dist/.
 */
const WORKER_FILE = new URL(import.meta.url.endsWith('.ts') ? './wal-checkpoint-worker.ts' : './wal-checkpoint-worker.js', import.meta.url);

/**
 * How many frames of the WAL are not yet copied into the database file, read from the WAL index's
 * header at the start of the `-shm` file (sqlite.org/walformat.html: `mxFrame` at byte 16 and
 * `nBackfill` at byte 96, in the machine's byte order). A 100-byte read from a file SQLite keeps
 * mapped, so it costs microseconds and never waits on the disk. Undefined when there is no index
 * to read (no write yet); the caller then runs a round.
 */
export function walIndexReader(file: string): { framesWaiting(): number | undefined; close(): void } {
  const header = Buffer.alloc(100);
  const little = endianness() === 'LE';
  let fd: number | undefined;
  return {
    framesWaiting() {
      try {
        fd ??= openSync(`${file}-shm`, 'r');
        if (readSync(fd, header, 0, header.length, 0) < header.length) return undefined;
      } catch {
        return undefined;
      }
      const [lastFrame, copied] = little ? [header.readUInt32LE(16), header.readUInt32LE(96)] : [header.readUInt32BE(16), header.readUInt32BE(96)];
      return Math.max(0, lastFrame - copied);
    },
    close() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}

export interface CheckpointerOptions {
  intervalMs?: number;
  roundAfterFrames?: number;
  roundAfterMs?: number;
  /** Called at every look at the WAL, with whether a round was due (tests count looks instead of waiting on the clock). */
  onLook?: (due: boolean) => void;
}

export interface WalCheckpointer {
  /**
   * Undefined while writes may go ahead; while a checkpoint is finishing the WAL, a promise that
   * settles when it is done. Queries wait on it before they take the connection (db/database.ts);
   * meanwhile the SQLite executor is not free and leaves its statements to them (db/sqlite-executor.ts).
   */
  readonly paused: Promise<void> | undefined;
  /** Runs one round now (the timer runs them anyway; tests wait on this). */
  checkpoint(): Promise<CheckpointResult>;
  close(): Promise<void>;
}

/**
 * Keeps the WAL of a SQLite file short from a worker thread. SQLite's own auto-checkpoint runs
 * inside whichever commit takes the WAL past 1,000 pages, two fsyncs included, and stalled the
 * event loop for 20-30 ms every few hundred comparisons; the caller turns it off on its
 * connection (`wal_autocheckpoint = 0`) and calls this instead.
 *
 * A checkpoint that writes meet on the way copies all but the newest frames, and the WAL starts
 * over from its beginning only once every frame is copied: under steady writing it would grow
 * without end. So each round copies in the background, and once the WAL is past
 * WAL_RESTART_FRAMES this process's writes through `paused` wait for a second round, which has
 * only the last round's frames to copy; the next write then starts the WAL over. Those writes
 * wait a few milliseconds; the event loop never does. Another process on the file runs its own
 * checkpointer; if the worker ever stops, `onStopped` lets the caller turn SQLite's back on.
 *
 * A round runs once ROUND_AFTER_FRAMES frames wait or the last round is ROUND_AFTER_MS old. A
 * round that copies the whole WAL makes the next write start it over, and starting over syncs the
 * WAL's new header: an fsync in that write, on the event loop. Rounds every 100 ms made that one
 * or two fsyncs per comparison on a quiet server, about 0.8 ms of its answer time here. Under load
 * the frames pile up within a tick, so rounds still run every tick.
 */
export function startWalCheckpointer(file: string, onStopped: () => void, options: CheckpointerOptions = {}): WalCheckpointer {
  const { intervalMs = CHECKPOINT_INTERVAL_MS, roundAfterFrames = ROUND_AFTER_FRAMES, roundAfterMs = ROUND_AFTER_MS, onLook } = options;
  // A plain isolate: none of the process's flags or loaders, a small heap (it holds one connection).
  const worker = new Worker(WORKER_FILE, { workerData: { file }, execArgv: [], resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 } });
  worker.unref();
  let closing = false;
  let stopped = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  void exited.then(() => {
    stopped = true;
    if (!closing) onStopped();
  });
  worker.on('error', () => undefined);
  const waiting: ((result: CheckpointResult) => void)[] = [];
  worker.on('message', (result: CheckpointResult) => waiting.shift()?.(result));
  const ask = (): Promise<CheckpointResult> =>
    stopped
      ? Promise.reject(new Error('The WAL checkpointer has stopped'))
      : Promise.race([
          new Promise<CheckpointResult>((resolve) => {
            waiting.push(resolve);
            worker.postMessage('checkpoint');
          }),
          exited.then(() => Promise.reject(new Error('The WAL checkpointer has stopped'))),
        ]);

  let paused: Promise<void> | undefined;
  let round: Promise<CheckpointResult> | undefined;
  let lastRoundAt = performance.now();
  const runRound = async (): Promise<CheckpointResult> => {
    lastRoundAt = performance.now();
    const result = await ask();
    // `log` counts the frames there were when the round began; writes may have added more since.
    if (result.log < WAL_RESTART_FRAMES) return result;
    let resume!: () => void;
    paused = new Promise((resolve) => (resume = resolve));
    try {
      return await ask();
    } finally {
      paused = undefined;
      resume();
    }
  };
  const checkpoint = () => {
    round ??= runRound().finally(() => (round = undefined));
    return round;
  };
  const walIndex = walIndexReader(file);
  // Every roundAfterMs a round runs whatever the index reads, so a reading gone wrong could only
  // make rounds rarer, never stop them.
  const due = (): boolean => performance.now() - lastRoundAt >= roundAfterMs || (walIndex.framesWaiting() ?? Infinity) >= roundAfterFrames;
  const timer = setInterval(() => {
    const isDue = due();
    onLook?.(isDue);
    if (isDue) void checkpoint().catch(() => undefined);
  }, intervalMs);
  timer.unref();

  return {
    get paused() {
      return paused;
    },
    checkpoint,
    async close() {
      closing = true;
      clearInterval(timer);
      walIndex.close();
      worker.postMessage('close');
      await exited;
    },
  };
}
