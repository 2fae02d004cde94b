// Many live streamed comparisons at once: per level, the floor and then the product, each fresh in
// its own process, take steady arrivals of comparisons that stream for `streamS` seconds, so about
// level = rate × streamS are live at once; the simulator runs in a third process.
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import { checkOneComparison, primeVisitor } from '../server-cost/load.ts';
import { peakRssMb, resetFake, rssMb, spawnFake, startFloor, startProduct, type Fake, type Target } from '../server-cost/processes.ts';
import { p50p99, runArrivals, type ArrivalsResult, type ErrorKind } from './arrivals.ts';
import { descriptorsNeeded, livePrompt, openFilesLimit } from './live-plan.ts';

export interface LiveOptions {
  /** Comparisons live at once, one level after the other. */
  levels: number[];
  /** How long each comparison streams (both sides, at a model's pace). */
  streamS: number;
  /** After the ramp (streamS of arrivals), the window whose first pieces are measured. */
  holdS: number;
  /** The simulator's wait before it answers, as a model's before its first words. */
  upstreamLatencyMs: number;
  outFile: string;
  log?: (line: string) => void;
}

export const LIVE_RUN: Omit<LiveOptions, 'outFile'> = { levels: [1000, 2000, 5000], streamS: 20, holdS: 10, upstreamLatencyMs: 250 };
/** `--short`: one modest level, shorter streams. */
export const LIVE_SHORT_RUN: Omit<LiveOptions, 'outFile'> = { levels: [200], streamS: 10, holdS: 5, upstreamLatencyMs: 250 };

export interface LiveRun {
  started: number;
  completed: number;
  errors: Record<ErrorKind, number>;
  errorCount: number;
  firstPieceP50Ms: number;
  firstPieceP99Ms: number;
  /** Comparisons the first pieces were sampled from. */
  samples: number;
  peakLive: number;
  /** Mean of the live count over the measured window. */
  meanLive: number;
  idleRssMb: number;
  peakRssMb: number;
  /** (peak RSS − RSS at idle before the load) ÷ the most comparisons live at once. */
  rssPerLiveKb: number;
}

export interface LiveLevel {
  level: number;
  perSecond: number;
  /** Why the level was not run (say, too few file descriptors), or undefined. */
  skipped?: string;
  floor?: LiveRun;
  product?: LiveRun;
}

export interface LiveReport {
  at: string;
  cpus: number;
  streamS: number;
  holdS: number;
  upstreamLatencyMs: number;
  openFilesLimit: number;
  levels: LiveLevel[];
}

function summarise(arrivals: ArrivalsResult, idleRssMb: number, peak: number): LiveRun {
  const { p50, p99 } = p50p99(arrivals.firstPieceMs);
  const errorCount = Object.values(arrivals.errors).reduce((sum, count) => sum + count, 0);
  const meanLive = arrivals.liveInWindow.reduce((sum, live) => sum + live, 0) / Math.max(1, arrivals.liveInWindow.length);
  return {
    started: arrivals.started,
    completed: arrivals.completed,
    errors: arrivals.errors,
    errorCount,
    firstPieceP50Ms: p50,
    firstPieceP99Ms: p99,
    samples: arrivals.firstPieceMs.length,
    peakLive: arrivals.peakLive,
    meanLive,
    idleRssMb,
    peakRssMb: peak,
    rssPerLiveKb: arrivals.peakLive > 0 ? ((peak - idleRssMb) * 1024) / arrivals.peakLive : Number.NaN,
  };
}

async function runLive(start: () => Promise<Target>, fake: Fake, level: number, options: LiveOptions): Promise<LiveRun> {
  await resetFake(fake);
  const target = await start();
  try {
    const [url] = target.urls;
    const [pid] = target.pids;
    const headers = await primeVisitor(url!).catch(() => ({ 'content-type': 'application/json' }));
    await checkOneComparison(url!, headers, 'streamed');
    const idle = await rssMb(pid!);
    const arrivals = await runArrivals(url!, headers, JSON.stringify({ prompt: livePrompt(options.streamS) }), {
      perSecond: level / options.streamS,
      rampS: options.streamS,
      holdS: options.holdS,
      timeoutMs: (options.streamS * 3 + 30) * 1000,
    });
    return summarise(arrivals, idle, await peakRssMb(pid!));
  } finally {
    await target.stop();
  }
}

/** Measures the product apps/server/dist holds against the floor: build it first (`npm run build`). */
export async function measureLive(options: LiveOptions): Promise<LiveReport> {
  const log = options.log ?? (() => undefined);
  const limit = openFilesLimit();
  const fake = await spawnFake(options.upstreamLatencyMs);
  const levels: LiveLevel[] = [];
  try {
    for (const level of options.levels) {
      const perSecond = level / options.streamS;
      if (descriptorsNeeded(level) > limit) {
        levels.push({ level, perSecond, skipped: `needs about ${descriptorsNeeded(level)} open files in one process, the limit is ${limit} (raise it with \`ulimit -n\`)` });
        continue;
      }
      const floor = await runLive(() => startFloor(fake), fake, level, options);
      log(`  ${level} live: floor done`);
      const product = await runLive(() => startProduct(fake), fake, level, options);
      log(`  ${level} live: product done`);
      levels.push({ level, perSecond, floor, product });
    }
  } finally {
    fake.child.kill('SIGTERM');
  }
  const report: LiveReport = { at: new Date().toISOString(), cpus: availableParallelism(), streamS: options.streamS, holdS: options.holdS, upstreamLatencyMs: options.upstreamLatencyMs, openFilesLimit: limit, levels };
  await mkdir(dirname(options.outFile), { recursive: true });
  await writeFile(options.outFile, JSON.stringify(report, null, 2));
  return report;
}
