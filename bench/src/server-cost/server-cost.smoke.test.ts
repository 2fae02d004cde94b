import { existsSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILDS_DIR, buildDir, CURRENT, keepBuild, measureInTurns, parseVariant, summariseTurns } from './in-turns.ts';
import { formatServerCost, measureServerCost, serverCostTargets, type ServerCostReport } from './server-cost.ts';

// Smoke runs of the bench, as `npm test` runs them after the build its e2e step makes
// (bench/vitest.smoke.config.ts): they read apps/server/dist and never build it.

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
  });
});

// bench:turns (in-turns.ts), as short: every variant started, measured and reported, no thresholds.
describe('bench:turns, smoke run', () => {
  afterAll(() => rmSync(join(BUILDS_DIR, 'smoke'), { recursive: true, force: true }));

  it('keeps a build and measures it beside the current one with other node flags and the floor, in turns', async () => {
    const kept = keepBuild('smoke');
    expect(readFileSync(`${kept}/server.js`, 'utf8')).toBe(readFileSync(`${buildDir(CURRENT)}/server.js`, 'utf8'));
    // Laid out as the repository is, so the page's build resolves from the kept server as from the served one.
    expect(kept.startsWith(BUILDS_DIR)).toBe(true);
    expect(existsSync(join(kept, '../../web/dist/index.html'))).toBe(true);
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
  });
});
