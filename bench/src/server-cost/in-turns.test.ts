import { describe, expect, it } from 'vitest';
import { buildDir, CURRENT, FLOOR, keepBuild, measureInTurns, parseTurnsCommand, parseVariant, summariseTurns, turnOrder, type TurnRun } from './in-turns.ts';
import type { TargetRun } from './server-cost.ts';

const run = (cpu: number, extra: Partial<TargetRun> = {}): TargetRun => ({ comparisons: 100, perSecond: 50, p50Ms: 205, p99Ms: 230, errors: 0, timeouts: 0, settleMs: 300, cpuMicrosPerComparison: cpu, simulatorMicrosPerComparison: 380, loadMicrosPerComparison: 80, machineIdleShare: 0.1, peakRssMb: 180, startupMs: 700, ...extra });

describe('builds measured in turns', () => {
  it('reads a variant as a build and node flags', () => {
    expect(parseVariant('current')).toEqual({ label: 'current', build: CURRENT, nodeArgs: [] });
    expect(parseVariant('before:--max-semi-space-size=32  --no-opt')).toEqual({ label: 'before:--max-semi-space-size=32  --no-opt', build: 'before', nodeArgs: ['--max-semi-space-size=32', '--no-opt'] });
    expect(buildDir(CURRENT)).toMatch(/apps\/server\/dist$/);
    expect(buildDir('before')).toMatch(/bench\/builds\/before\/apps\/server\/dist$/);
    expect(parseVariant('floor:--max-semi-space-size=8')).toEqual({ label: 'floor:--max-semi-space-size=8', build: FLOOR, nodeArgs: ['--max-semi-space-size=8'] });
  });

  it('refuses a build name that could leave bench/builds, and flags that are not flags', () => {
    expect(() => parseVariant('../web')).toThrow(/letters, digits/);
    expect(() => parseVariant('a/b')).toThrow(/letters, digits/);
    expect(() => parseVariant('current:32')).toThrow(/start with '-'/);
    expect(() => keepBuild(CURRENT)).toThrow(/another name/);
    expect(() => keepBuild(FLOOR)).toThrow(/the bench's bare server; keep it under another name/);
  });

  it('says which build is missing rather than starting nothing', async () => {
    await expect(measureInTurns({ variants: [parseVariant('never-kept')], rounds: 1, connections: 1, form: 'json', upstreamLatencyMs: 20, warmupS: 0, durationS: 1 })).rejects.toThrow(/no build "never-kept"/);
  });

  it('alternates the order round by round, so no variant always runs first', () => {
    expect([1, 2, 3, 4].map((round) => turnOrder(['a', 'b'], round).join(''))).toEqual(['ab', 'ba', 'ab', 'ba']);
  });

  it("sums up each variant as its median (the bench report's p50: the lower middle of an even count) and range, in the order first measured", () => {
    const runs: TurnRun[] = [
      { variant: 'before', round: 1, run: run(1_000) },
      { variant: 'after', round: 1, run: run(900, { timeouts: 2 }) },
      { variant: 'after', round: 2, run: run(950) },
      { variant: 'before', round: 2, run: run(1_100, { errors: 1 }) },
      { variant: 'before', round: 3, run: run(1_050) },
    ];
    const [header, before, after] = summariseTurns(runs);
    expect(header).toMatch(/^variant\s+runs\s+CPU µs per comparison/);
    expect(before).toMatch(/^before\s+3\s+1,050 \(1,000–1,100\)\s+50\s+205\s+230\s+180\s+1 \/ 0$/);
    expect(after).toMatch(/^after\s+2\s+900 \(900–950\)\s+.*0 \/ 2$/);
  });

  it('reads the command line: defaults, options, --keep, and mistakes as messages', () => {
    expect(parseTurnsCommand(['before', 'current'])).toEqual({
      measure: { variants: [parseVariant('before'), parseVariant('current')], rounds: 4, connections: 100, form: 'json', upstreamLatencyMs: 200, warmupS: 15, durationS: 10 },
    });
    expect(parseTurnsCommand(['current:--no-opt', '--connections', '1000', '--rounds', '5', '--streamed', '--warmup', '0', '--duration', '3', '--latency', '50'])).toMatchObject({
      measure: { variants: [{ build: CURRENT, nodeArgs: ['--no-opt'] }], rounds: 5, connections: 1000, form: 'streamed', upstreamLatencyMs: 50, warmupS: 0, durationS: 3 },
    });
    expect(parseTurnsCommand(['--keep', 'before'])).toEqual({ keep: 'before' });
    expect(() => parseTurnsCommand([])).toThrow(/name the builds to measure in turns/);
    expect(() => parseTurnsCommand(['current', '--rounds', 'x'])).toThrow('--rounds takes a positive number, not "x"');
    expect(() => parseTurnsCommand(['current', '--connections', '0'])).toThrow('--connections takes a positive number, not "0"');
    expect(() => parseTurnsCommand(['current', '--warmup=-1'])).toThrow('--warmup takes a number of 0 or more, not "-1"');
    expect(() => parseTurnsCommand(['current', '--round', '3'])).toThrow(/--round/);
  });
});
