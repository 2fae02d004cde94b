// Many live streamed comparisons at once: per level, the floor and then the product, each fresh in
// its own process, take steady arrivals of comparisons that stream for `streamS` seconds, so about
// level = rate × streamS are live at once; the simulator runs in a third process.
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import { checkOneComparison, primeVisitor } from '../server-cost/load.ts';
import { cpuMicros, machineCpuMicros, peakRssMb, resetFake, rssMb, spawnFake, startFloor, startProduct, type Fake, type ProductOptions, type Target } from '../server-cost/processes.ts';
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
  /** How the product starts: a kept build (`entry`), node flags (`--cpu-prof` to profile it). */
  product?: ProductOptions;
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
  /** (peak RSS − RSS at rest before the load, its visitors primed) ÷ the most comparisons live at once. */
  rssPerLiveKb: number;
  /** The target's user + system CPU over the arrivals, per comparison started. */
  cpuMsPerComparison: number;
  /** Share of all cores' time no process used over the arrivals: on a busy machine, how little was left. */
  machineIdleShare: number;
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

interface Readings {
  idleRssMb: number;
  peakRssMb: number;
  cpuMicros: number;
  machine: { busy: number; total: number };
}

function summarise(arrivals: ArrivalsResult, { idleRssMb, peakRssMb: peak, cpuMicros: cpu, machine }: Readings): LiveRun {
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
    cpuMsPerComparison: arrivals.started > 0 ? cpu / 1000 / arrivals.started : Number.NaN,
    machineIdleShare: machine.total > 0 ? 1 - machine.busy / machine.total : Number.NaN,
  };
}

/**
 * One visitor per comparison live at once, as browser tabs are (each primed as load.ts primes one),
 * so what the product keeps per visitor is met as real traffic meets it. The floor keeps nothing
 * per visitor and sets no cookie: it gets plain JSON headers.
 */
async function primeVisitors(url: string, count: number): Promise<Record<string, string>[]> {
  const first = await primeVisitor(url).catch(() => undefined);
  if (!first) return [{ 'content-type': 'application/json' }];
  const visitors = [first];
  while (visitors.length < count) {
    const batch = Math.min(50, count - visitors.length);
    visitors.push(...(await Promise.all(Array.from({ length: batch }, () => primeVisitor(url)))));
  }
  return visitors;
}

async function runLive(start: () => Promise<Target>, fake: Fake, level: number, options: LiveOptions): Promise<LiveRun> {
  await resetFake(fake);
  const target = await start();
  try {
    const [url] = target.urls;
    const [pid] = target.pids;
    const visitors = await primeVisitors(url!, level);
    await checkOneComparison(url!, visitors[0]!, 'streamed');
    const idle = await rssMb(pid!);
    const [cpuBefore, machineBefore] = [await cpuMicros(pid!), await machineCpuMicros()];
    const arrivals = await runArrivals(url!, visitors, JSON.stringify({ prompt: livePrompt(options.streamS) }), {
      perSecond: level / options.streamS,
      rampS: options.streamS,
      holdS: options.holdS,
      timeoutMs: (options.streamS * 3 + 30) * 1000,
    });
    const [cpuAfter, machineAfter] = [await cpuMicros(pid!), await machineCpuMicros()];
    return summarise(arrivals, {
      idleRssMb: idle,
      peakRssMb: await peakRssMb(pid!),
      cpuMicros: cpuAfter - cpuBefore,
      machine: { busy: machineAfter.busy - machineBefore.busy, total: machineAfter.total - machineBefore.total },
    });
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
      const product = await runLive(() => startProduct(fake, options.product), fake, level, options);
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
