import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatLive, liveTargets } from './live-report.ts';
import { measureLive, type LiveReport } from './live.ts';

// A smoke run of `npm run bench`'s live section at a tiny level: short and with no thresholds (timing
// belongs to the bench, not to tests on a shared machine), only that every part streams and reports.
describe('live bench, smoke run', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('streams steady arrivals through the floor and the compiled product, to the end, and writes its JSON', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'promptpair-bench-live-'));
    dirs.push(dir);
    const outFile = join(dir, 'live.json');
    const report = await measureLive({ levels: [4], streamS: 1, holdS: 1, upstreamLatencyMs: 20, outFile });

    const written = JSON.parse(await readFile(outFile, 'utf8')) as LiveReport;
    expect(written.levels.map((level) => [level.level, level.perSecond, level.skipped])).toEqual([[4, 4, undefined]]);
    for (const run of [written.levels[0]!.floor!, written.levels[0]!.product!]) {
      expect(run.started).toBeGreaterThanOrEqual(8);
      expect(run.errorCount).toBe(0);
      expect(run.completed).toBe(run.started);
      expect(run.samples).toBeGreaterThan(0);
      expect(run.firstPieceP99Ms).toBeGreaterThanOrEqual(run.firstPieceP50Ms);
      expect(run.peakLive).toBeGreaterThan(0);
      expect(run.peakRssMb).toBeGreaterThan(run.idleRssMb * 0.5);
      expect(run.cpuMsPerComparison).toBeGreaterThan(0);
      expect(run.machineIdleShare).toBeGreaterThanOrEqual(0);
    }
    expect(formatLive(report).at(-1)).toMatch(/^ {2}largest level held .*: (4|none)$/);
    expect(liveTargets(report).map((m) => m.name)).toContain('p99 first piece over the floor\'s, 4 live at once');
  });
});
