import { readFileSync, rmSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDir, CURRENT, keepBuild, measureInTurns, parseVariant, summariseTurns } from './in-turns.ts';
import { buildProduct, cpuBudgetAtThroughputTarget, formatServerCost, measureServerCost, serverCostTargets, type ServerCostReport } from './server-cost.ts';

// Both smoke runs live in this one file so they run one after the other: each builds the product
// into apps/server/dist, which the other's processes would otherwise be starting from meanwhile.

// A smoke run of `npm run bench`'s server-cost section: short and quiet, no thresholds (timing
// belongs to the bench, not to tests on a shared machine), only that every part answers and reports.
describe('server-cost bench, smoke run', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('runs the floor and the compiled product (two processes on one database) against the simulator, JSON and streamed, and writes its JSON', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'promptpair-bench-smoke-'));
    dirs.push(dir);
    const outFile = join(dir, 'server-cost.json');
    buildProduct();
    const report = await measureServerCost({ upstreamLatencyMs: 20, levels: [2], streamedLevels: [2], durationS: 1, warmupS: 0, outFile, product: { processes: 2 } });

    const written = JSON.parse(await readFile(outFile, 'utf8')) as ServerCostReport;
    expect(written).toMatchObject({ processes: 2 });
    expect(written.levels.map((level) => [level.form, level.connections])).toEqual([['json', 2], ['streamed', 2]]);
    for (const run of written.levels.flatMap((level) => [level.floor, level.product])) {
      expect(run.comparisons).toBeGreaterThan(0);
      expect(run.errors + run.timeouts).toBe(0);
      expect(run.cpuMicrosPerComparison).toBeGreaterThan(0);
      expect(run.simulatorMicrosPerComparison).toBeGreaterThan(0);
      expect(run.loadMicrosPerComparison).toBeGreaterThan(0);
      expect(run.machineIdleShare).toBeGreaterThanOrEqual(0);
      expect(run.machineIdleShare).toBeLessThanOrEqual(1);
      expect(run.peakRssMb).toBeGreaterThan(0);
      expect(run.startupMs).toBeGreaterThan(0);
    }
    for (const level of written.levels) expect(Number.isFinite(level.cpuBudgetAtThroughputTarget)).toBe(true);
    expect(formatServerCost(report).join('\n')).toMatch(/start-up to the first answered request: product \d+/);
    expect(serverCostTargets(report).map((m) => m.name)).toEqual(expect.arrayContaining([
      'CPU per comparison, product ÷ floor, at 2 connections',
      'CPU per comparison, product ÷ floor, streamed, at 2 connections',
    ]));
  }, 60_000);
});

describe('the CPU the cores leave the product at the throughput target', () => {
  it('is the cores\' time a second at 0.7× the floor\'s rate, per comparison, less what the simulator and the load generator spend', () => {
    // 2 cores at 0.7 × 2,600 = 1,820 comparisons a second: 1,098.9 µs each, 460 of them the rest of the machine's.
    expect(cpuBudgetAtThroughputTarget(2, { perSecond: 2600 }, { simulatorMicrosPerComparison: 380, loadMicrosPerComparison: 80 })).toBeCloseTo(638.9, 1);
    expect(cpuBudgetAtThroughputTarget(4, { perSecond: 2600 }, { simulatorMicrosPerComparison: 380, loadMicrosPerComparison: 80 })).toBeCloseTo(1737.8, 1);
  });

  it('is printed, and reported without a target, where the throughput target applies', () => {
    const run = { comparisons: 1, perSecond: 2600, p50Ms: 280, p99Ms: 900, errors: 0, timeouts: 0, settleMs: 1, cpuMicrosPerComparison: 300, simulatorMicrosPerComparison: 380, loadMicrosPerComparison: 80, machineIdleShare: 0.05, peakRssMb: 200, startupMs: 50 };
    const level = { form: 'json' as const, connections: 1000, floor: run, product: { ...run, perSecond: 1100, cpuMicrosPerComparison: 1000, machineIdleShare: 0.18 }, throughputRatio: 1100 / 2600, cpuRatio: 1000 / 300, cpuBudgetAtThroughputTarget: 639 };
    const report: ServerCostReport = { at: '', processes: 1, upstreamLatencyMs: 200, durationS: 10, warmupS: 15, cpus: 2, levels: [level, { ...level, connections: 10 }] };
    expect(formatServerCost(report).join('\n')).toContain("CPU per comparison the 2 cores leave the product at 0.7× the floor's throughput: json at 1000: 639 µs (simulator 380 + load 80 µs per comparison, 18 % of the cores idle)");
    const budgets = serverCostTargets(report).filter((m) => m.name.startsWith('CPU per comparison the cores leave'));
    expect(budgets).toEqual([{ name: "CPU per comparison the cores leave the product at 0.7× the floor's throughput, at 1000 connections", value: 639, unit: 'µs' }]);
  });
});

// bench:turns (in-turns.ts), as short: every variant started, measured and reported, no thresholds.
describe('bench:turns, smoke run', () => {
  afterAll(() => rmSync(buildDir('smoke'), { recursive: true, force: true }));

  it('keeps a build and measures it beside the current one with other node flags and the floor, in turns', async () => {
    buildProduct();
    const kept = keepBuild('smoke');
    expect(readFileSync(`${kept}/server.js`, 'utf8')).toBe(readFileSync(`${buildDir(CURRENT)}/server.js`, 'utf8'));
    const lines: string[] = [];
    const runs = await measureInTurns({
      variants: [parseVariant('smoke'), parseVariant('current:--max-semi-space-size=8'), parseVariant('floor')],
      rounds: 2,
      connections: 2,
      form: 'json',
      upstreamLatencyMs: 20,
      warmupS: 0,
      durationS: 1,
      log: (line) => lines.push(line),
    });
    expect(runs.map(({ variant, round }) => `${round} ${variant}`)).toEqual(['1 smoke', '1 current:--max-semi-space-size=8', '1 floor', '2 floor', '2 current:--max-semi-space-size=8', '2 smoke']);
    for (const { run: measured } of runs) {
      expect(measured.comparisons).toBeGreaterThan(0);
      expect(measured.errors + measured.timeouts).toBe(0);
      expect(measured.cpuMicrosPerComparison).toBeGreaterThan(0);
    }
    expect(lines).toHaveLength(6);
    expect(summariseTurns(runs)).toHaveLength(4);
  }, 60_000);

  it('says which build is missing rather than starting nothing', async () => {
    await expect(measureInTurns({ variants: [parseVariant('never-kept')], rounds: 1, connections: 1, form: 'json', upstreamLatencyMs: 20, warmupS: 0, durationS: 1 })).rejects.toThrow(/no build "never-kept"/);
  });
});
