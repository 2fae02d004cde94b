// What a comparison costs the server, beside the floor (floor-server.ts) on the same simulator:
// per connection level, each target in a fresh process, a warm-up, then a measured run.
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Measurement } from '../report.ts';
import { checkOneComparison, primeVisitor, runLoad, type ComparisonForm, type LoadResult } from './load.ts';
import { cpuMicros, machineCpuMicros, peakRssMb, resetFake, spawnFake, startFloor, startProduct, waitUntilIdle, type Fake, type ProductOptions, type Target } from './processes.ts';

export interface ServerCostOptions {
  upstreamLatencyMs: number;
  levels: number[];
  /** Connection levels measured again with comparisons asked for as server-sent events. */
  streamedLevels: number[];
  durationS: number;
  warmupS: number;
  /** Where the JSON copy goes. */
  outFile: string;
  /** Extra env for the product (say, LOG_LEVEL), node flags (say, --cpu-prof), processes on one database. */
  product?: ProductOptions;
  log?: (line: string) => void;
}

// 15 s of warm-up: a fresh process is still compiling its hot functions with TurboFan, on V8's
// helper threads, for about 12 s under load (bench/NOTEBOOK.md, "The bench warms each process up"); the
// measured 10 s are then a long-running server's, for the floor and the product alike.
export const FULL_RUN: Omit<ServerCostOptions, 'outFile'> = { upstreamLatencyMs: 200, levels: [10, 100, 1000], streamedLevels: [10, 100, 1000], durationS: 10, warmupS: 15 };
export const SHORT_RUN: Omit<ServerCostOptions, 'outFile'> = { upstreamLatencyMs: 200, levels: [10, 100], streamedLevels: [100], durationS: 2, warmupS: 1 };

/** The issue's throughput target: the product at this share of the floor's comparisons a second. */
export const THROUGHPUT_TARGET = 0.7;

export interface TargetRun extends LoadResult {
  /** After the warm-up, how long the target took to finish the requests autocannon left in flight. */
  settleMs: number;
  cpuMicrosPerComparison: number;
  /** The rest of the machine over the same run: the simulator's process and the load generator (autocannon, in the bench's own process). */
  simulatorMicrosPerComparison: number;
  loadMicrosPerComparison: number;
  /** Share of all cores' time no process used during the run. */
  machineIdleShare: number;
  peakRssMb: number;
  startupMs: number;
}

export interface LevelRun {
  /** A JSON answer, or the same comparison streamed as server-sent events (the floor streams too). */
  form: ComparisonForm;
  connections: number;
  floor: TargetRun;
  product: TargetRun;
  /** product ÷ floor comparisons per second. */
  throughputRatio: number;
  /** product ÷ floor CPU per comparison. */
  cpuRatio: number;
  /**
   * The most CPU per comparison the product could spend and still answer THROUGHPUT_TARGET × the
   * floor's comparisons a second, were every core's time its own but what the simulator and the
   * load generator spend per comparison (as measured in the product's run): a ceiling, since the
   * product would also need its one main thread to keep up.
   */
  cpuBudgetAtThroughputTarget: number;
}

export interface ServerCostReport {
  at: string;
  /** Product processes sharing one database (peak RSS is then their sum, p50/p99 their answer-weighted mean). */
  processes: number;
  upstreamLatencyMs: number;
  durationS: number;
  warmupS: number;
  cpus: number;
  levels: LevelRun[];
}

/** The issue sets its throughput target at 100 connections and more (at 10 the upstream's latency bounds both). */
const throughputTargetApplies = (level: LevelRun) => level.connections >= 100;

/** LevelRun.cpuBudgetAtThroughputTarget: the cores' µs a second at the target's rate, less the rest of the machine's share. */
export function cpuBudgetAtThroughputTarget(cpus: number, floor: Pick<TargetRun, 'perSecond'>, product: Pick<TargetRun, 'simulatorMicrosPerComparison' | 'loadMicrosPerComparison'>): number {
  return (cpus * 1e6) / (THROUGHPUT_TARGET * floor.perSecond) - product.simulatorMicrosPerComparison - product.loadMicrosPerComparison;
}

/** Builds the server as `npm start` does (the page is not needed here), for callers that measure it outside `npm run bench`, which builds everything once. */
export function buildProduct(): void {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/build.ts'], { cwd: root, stdio: 'ignore' });
}

/** Each process gets its share of the connections; figures are summed, latencies weighted by answers. */
async function loadAll(target: Target, headers: Record<string, string>, connections: number, durationS: number, form: ComparisonForm): Promise<LoadResult> {
  const share = Math.max(1, Math.round(connections / target.urls.length));
  const runs = await Promise.all(target.urls.map((url) => runLoad(url, headers, share, durationS, form)));
  const comparisons = runs.reduce((sum, run) => sum + run.comparisons, 0);
  const weighted = (pick: (run: LoadResult) => number) => (comparisons === 0 ? 0 : runs.reduce((sum, run) => sum + pick(run) * run.comparisons, 0) / comparisons);
  return {
    comparisons,
    perSecond: comparisons / durationS,
    p50Ms: runs.length === 1 ? runs[0]!.p50Ms : weighted((run) => run.p50Ms),
    p99Ms: runs.length === 1 ? runs[0]!.p99Ms : weighted((run) => run.p99Ms),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    timeouts: runs.reduce((sum, run) => sum + run.timeouts, 0),
  };
}

const sumOver = async (pids: number[], read: (pid: number) => Promise<number>) => (await Promise.all(pids.map(read))).reduce((sum, value) => sum + value, 0);

async function measureTarget(target: Target, fake: Fake, connections: number, form: ComparisonForm, options: Pick<ServerCostOptions, 'warmupS' | 'durationS'>): Promise<TargetRun> {
  const [first] = target.urls;
  const headers = await primeVisitor(first!).catch(() => ({ 'content-type': 'application/json' }));
  // The visitor primed on the first process is served by every other one: nothing is kept per process.
  for (const url of target.urls) await checkOneComparison(url, headers, form);
  if (options.warmupS > 0) await loadAll(target, headers, connections, options.warmupS, form);
  const settleMs = await waitUntilIdle(target.pids);
  const simulatorPid = fake.child.pid ?? 0;
  const cpuBefore = await sumOver(target.pids, cpuMicros);
  const [simulatorBefore, machineBefore, loadBefore] = [await cpuMicros(simulatorPid), await machineCpuMicros(), process.cpuUsage()];
  const load = await loadAll(target, headers, connections, options.durationS, form);
  const cpuAfter = await sumOver(target.pids, cpuMicros);
  const [simulatorAfter, machineAfter, loadUsed] = [await cpuMicros(simulatorPid), await machineCpuMicros(), process.cpuUsage(loadBefore)];
  const perComparison = (micros: number) => (load.comparisons > 0 ? micros / load.comparisons : Number.NaN);
  const machineTotal = machineAfter.total - machineBefore.total;
  return {
    ...load,
    settleMs,
    cpuMicrosPerComparison: perComparison(cpuAfter - cpuBefore),
    simulatorMicrosPerComparison: perComparison(simulatorAfter - simulatorBefore),
    loadMicrosPerComparison: perComparison(loadUsed.user + loadUsed.system),
    machineIdleShare: machineTotal > 0 ? 1 - (machineAfter.busy - machineBefore.busy) / machineTotal : Number.NaN,
    peakRssMb: await sumOver(target.pids, peakRssMb),
    startupMs: target.startupMs,
  };
}

/** One target, fresh, at one level: a checked comparison, the warm-up, the wait until idle, then the measured run. */
export async function runTarget(start: () => Promise<Target>, fake: Fake, connections: number, form: ComparisonForm, options: Pick<ServerCostOptions, 'warmupS' | 'durationS'>): Promise<TargetRun> {
  await resetFake(fake);
  const target = await start();
  try {
    return await measureTarget(target, fake, connections, form, options);
  } finally {
    await target.stop();
  }
}

/** Measures the server apps/server/dist holds: build it first (buildProduct, or `npm run build`). */
export async function measureServerCost(options: ServerCostOptions): Promise<ServerCostReport> {
  const log = options.log ?? (() => undefined);
  const fake = await spawnFake(options.upstreamLatencyMs);
  const levels: LevelRun[] = [];
  const cpus = availableParallelism();
  try {
    const runs = [...options.levels.map((connections) => ['json', connections] as const), ...options.streamedLevels.map((connections) => ['streamed', connections] as const)];
    for (const [form, connections] of runs) {
      const floor = await runTarget(() => startFloor(fake), fake, connections, form, options);
      log(`  ${connections} connections, ${form}: floor done`);
      const product = await runTarget(() => startProduct(fake, options.product), fake, connections, form, options);
      log(`  ${connections} connections, ${form}: product done`);
      levels.push({
        form,
        connections,
        floor,
        product,
        throughputRatio: product.perSecond / floor.perSecond,
        cpuRatio: product.cpuMicrosPerComparison / floor.cpuMicrosPerComparison,
        cpuBudgetAtThroughputTarget: cpuBudgetAtThroughputTarget(cpus, floor, product),
      });
    }
  } finally {
    fake.child.kill('SIGTERM');
  }
  const report: ServerCostReport = {
    at: new Date().toISOString(),
    processes: options.product?.processes ?? 1,
    upstreamLatencyMs: options.upstreamLatencyMs,
    durationS: options.durationS,
    warmupS: options.warmupS,
    cpus,
    levels,
  };
  await mkdir(dirname(options.outFile), { recursive: true });
  await writeFile(options.outFile, JSON.stringify(report, null, 2));
  return report;
}

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

/** The table the issue asks for: one row per level and form, floor and product side by side. */
export function formatServerCost(report: ServerCostReport): string[] {
  const header = ['form', 'connections', 'floor cmp/s', 'product cmp/s', 'ratio', 'floor p50/p99 ms', 'product p50/p99 ms', 'errors/timeouts (product)', 'CPU µs/cmp floor', 'product', 'ratio', 'peak RSS MB floor', 'product'];
  const rows = report.levels.map((level) => [
    level.form,
    String(level.connections),
    fixed(level.floor.perSecond),
    fixed(level.product.perSecond),
    `${fixed(level.throughputRatio, 2)}×`,
    `${fixed(level.floor.p50Ms)} / ${fixed(level.floor.p99Ms)}`,
    `${fixed(level.product.p50Ms)} / ${fixed(level.product.p99Ms)}`,
    `${level.product.errors} / ${level.product.timeouts}${level.floor.errors + level.floor.timeouts > 0 ? ` (floor ${level.floor.errors} / ${level.floor.timeouts})` : ''}`,
    fixed(level.floor.cpuMicrosPerComparison),
    fixed(level.product.cpuMicrosPerComparison),
    `${fixed(level.cpuRatio, 2)}×`,
    fixed(level.floor.peakRssMb),
    fixed(level.product.peakRssMb),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => '  ' + cells.map((cell, column) => cell.padStart(widths[column]!)).join('  ');
  const settles = (pick: (level: LevelRun) => TargetRun) => report.levels.map((level) => `${fixed(pick(level).settleMs / 1000, 1)} s`).join(' / ');
  const budgets = report.levels
    .filter(throughputTargetApplies)
    .map((level) => `${level.form} at ${level.connections}: ${fixed(level.cpuBudgetAtThroughputTarget)} µs (simulator ${fixed(level.product.simulatorMicrosPerComparison)} + load ${fixed(level.product.loadMicrosPerComparison)} µs per comparison, ${fixed(level.product.machineIdleShare * 100)} % of the cores idle)`);
  const startups = report.levels.map((level) => level.product.startupMs);
  const floorStartups = report.levels.map((level) => level.floor.startupMs);
  return [
    line(header),
    ...rows.map(line),
    `  after each warm-up, until idle (the warm-up's abandoned requests finished): product ${settles((level) => level.product)}, floor ${settles((level) => level.floor)}`,
    ...(budgets.length > 0 ? [`  CPU per comparison the ${report.cpus} cores leave the product at ${THROUGHPUT_TARGET}× the floor's throughput: ${budgets.join('; ')}`] : []),
    `  start-up to the first answered request: product ${fixed(Math.min(...startups))}–${fixed(Math.max(...startups))} ms, floor ${fixed(Math.min(...floorStartups))}–${fixed(Math.max(...floorStartups))} ms`,
  ];
}

/** The issue's targets, as measurements `npm run bench` checks. */
export function serverCostTargets(report: ServerCostReport): Measurement[] {
  const measurements: Measurement[] = [];
  for (const level of report.levels) {
    const at = `${level.form === 'streamed' ? 'streamed, ' : ''}at ${level.connections} connections`;
    measurements.push({ name: `CPU per comparison, product ÷ floor, ${at}`, value: level.cpuRatio, unit: '×', target: { max: 3 } });
    measurements.push({ name: `peak RSS of a product process ${at}`, value: level.product.peakRssMb / report.processes, unit: 'MB', target: { max: 250 } });
    if (throughputTargetApplies(level)) {
      measurements.push({ name: `throughput, product ÷ floor, ${at}`, value: level.throughputRatio, unit: '×', target: { min: THROUGHPUT_TARGET } });
      measurements.push({ name: `CPU per comparison the cores leave the product at ${THROUGHPUT_TARGET}× the floor's throughput, ${at}`, value: level.cpuBudgetAtThroughputTarget, unit: 'µs' });
    }
    if (level.connections === 100) {
      measurements.push({ name: `product p50 ${at}`, value: level.product.p50Ms, unit: 'ms', target: { max: report.upstreamLatencyMs + 5 } });
    }
    measurements.push({ name: `product errors + timeouts ${at}`, value: level.product.errors + level.product.timeouts, unit: 'count', target: { max: 0 } });
  }
  measurements.push({ name: 'product start-up to the first answered request', value: Math.max(...report.levels.map((level) => level.product.startupMs)), unit: 'ms' });
  return measurements;
}
