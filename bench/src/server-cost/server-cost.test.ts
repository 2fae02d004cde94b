import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatServerCost, measureServerCost, serverCostTargets, type ServerCostReport } from './server-cost.ts';

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
      expect(run.peakRssMb).toBeGreaterThan(0);
      expect(run.startupMs).toBeGreaterThan(0);
    }
    expect(formatServerCost(report).join('\n')).toMatch(/start-up to the first answered request: product \d+/);
    expect(serverCostTargets(report).map((m) => m.name)).toEqual(expect.arrayContaining([
      'CPU per comparison, product ÷ floor, at 2 connections',
      'CPU per comparison, product ÷ floor, streamed, at 2 connections',
    ]));
  }, 60_000);
});
