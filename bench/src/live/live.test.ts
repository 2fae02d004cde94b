import { startFakeUpstream } from '@promptpair/fake-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PatternCounter } from './arrivals.ts';
import { descriptorsNeeded, livePrompt, openFilesLimit, parseLevels, parseSeconds } from './live-plan.ts';
import { formatLive, held, largestHeld, liveTargets } from './live-report.ts';
import type { LiveLevel, LiveReport, LiveRun } from './live.ts';

describe('the live section: counting events across chunks', () => {
  it('counts a pattern split anywhere between chunks, once', () => {
    const stream = 'event: delta\ndata: {}\n\nevent: delta\ndata: {}\n\nevent: done\ndata: {}\n\n';
    for (let cut = 0; cut <= stream.length; cut++) {
      const delta = new PatternCounter('event: delta\n');
      delta.feed(stream.slice(0, cut));
      delta.feed(stream.slice(cut));
      expect(delta.count, `cut at ${cut}`).toBe(2);
    }
    const byCharacter = new PatternCounter('event: done\n');
    for (const character of stream) byCharacter.feed(character);
    expect(byCharacter.count).toBe(1);
  });
});

describe('the live section: its prompt', () => {
  let fake: Awaited<ReturnType<typeof startFakeUpstream>>;
  beforeAll(async () => {
    fake = await startFakeUpstream({ recordRequests: false });
  });
  afterAll(() => fake.close());

  it('has the simulator write the same 42 words in 14 pieces on each side, paced to the seconds asked', async () => {
    // 0.05 s for the whole answer keeps the test quick; the pace is the directive's tps.
    expect(livePrompt(20)).toContain('[[all:tps=3.5000,text=lorem lorem');
    const prompt = livePrompt(0.05);
    const answer = await fetch(`${fake.openaiBaseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-live', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: prompt }], stream: true }),
    });
    const pieces = (await answer.text()).split('\n\n').filter((block) => block.includes('"content":"lorem'));
    expect(pieces).toHaveLength(14);
    const gemini = await fetch(`${fake.googleBaseUrl}/v1beta/models/gemini-3-flash-preview:streamGenerateContent?alt=sse`, {
      method: 'POST',
      headers: { 'x-goog-api-key': 'AIza-live', 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: prompt }] }] }),
    });
    expect((await gemini.text()).split('\n\n').filter((block) => block.includes('"text":"lorem'))).toHaveLength(14);
  });
});

describe('the live section: what a level asks of the machine', () => {
  it('reads the open-files limit and the levels and seconds asked for', () => {
    expect(openFilesLimit('Limit                     Soft Limit           Hard Limit           Units\nMax open files            20000                20000                files\n')).toBe(20_000);
    expect(openFilesLimit('Max open files            unlimited            unlimited            files\n')).toBe(Infinity);
    expect(descriptorsNeeded(5000)).toBeLessThanOrEqual(20_000);
    expect(descriptorsNeeded(7000)).toBeGreaterThan(20_000);
    expect(parseLevels('1000,2000,5000')).toEqual([1000, 2000, 5000]);
    expect(() => parseLevels('1000,lots')).toThrow('a live level is a positive whole number of comparisons at once, not "NaN"');
    expect(() => parseLevels('0')).toThrow(/not "0"/);
    expect(parseSeconds('stream-seconds', '2.5')).toBe(2.5);
    expect(() => parseSeconds('hold-seconds', '0')).toThrow('--hold-seconds takes a positive number of seconds, not "0"');
  });
});

const run = (extra: Partial<LiveRun> = {}): LiveRun => ({
  started: 1500, completed: 1500, errors: { status: 0, network: 0, incomplete: 0, timeout: 0 }, errorCount: 0,
  firstPieceP50Ms: 260, firstPieceP99Ms: 300, samples: 500, peakLive: 1010, meanLive: 990, idleRssMb: 120, peakRssMb: 220, rssPerLiveKb: 101,
  cpuMsPerComparison: 2.5, machineIdleShare: 0.2, ...extra,
});

describe('the live section: its report', () => {
  const level = (live: number, product: Partial<LiveRun> = {}): LiveLevel => ({ level: live, perSecond: live / 20, floor: run({ peakRssMb: 90 }), product: run(product) });
  const report: LiveReport = {
    at: '', cpus: 2, streamS: 20, holdS: 10, upstreamLatencyMs: 250, openFilesLimit: 20_000,
    levels: [
      level(1000, { firstPieceP50Ms: 270, firstPieceP99Ms: 340, peakRssMb: 310 }),
      level(2000, { firstPieceP99Ms: 420, peakRssMb: 450 }),
      level(5000, { errorCount: 3, errors: { status: 0, network: 0, incomplete: 1, timeout: 2 } }),
      { level: 9000, perSecond: 450, skipped: 'needs about 27200 open files in one process, the limit is 20000 (raise it with `ulimit -n`)' },
    ],
  };

  it('holds a level with no errors and the p99 first piece within 50 ms of the floor\'s; reports the largest', () => {
    expect(report.levels.map(held)).toEqual([true, false, false, false]);
    expect(largestHeld(report)).toBe(1000);
    expect(largestHeld({ ...report, levels: [] })).toBe(0);
  });

  it('prints one row per level, what was skipped and why, the errors by kind and the largest level held', () => {
    const lines = formatLive(report);
    expect(lines[1]).toMatch(/^\s+1000\s+50\.0\s+1010 \/ 1010\s+0 \/ 0\s+260 \/ 300\s+270 \/ 340\s+\+10 \/ \+40\s+90 \/ 310\s+101\s+2\.5 \/ 2\.5\s+20 \/ 20 %\s+yes$/);
    expect(lines[3]).toMatch(/^\s+5000 .* no$/);
    expect(lines).toContain('  9000 live: skipped, needs about 27200 open files in one process, the limit is 20000 (raise it with `ulimit -n`)');
    expect(lines).toContain("  the product's errors by kind: 5000: 1 incomplete, 2 timeout");
    expect(lines.at(-1)).toBe("  largest level held (no errors, p99 first piece within 50 ms of the floor's): 1000");
  });

  it('checks the targets at 1,000 live at once and reports the other levels without one', () => {
    const measurements = liveTargets(report);
    expect(measurements.filter((m) => m.target)).toEqual([
      { name: 'product errors, 1000 live at once', value: 0, unit: 'count', target: { max: 0 } },
      { name: "p99 first piece over the floor's, 1000 live at once", value: 40, unit: 'ms', target: { max: 50 } },
      { name: 'peak RSS of the product, 1000 live at once', value: 310, unit: 'MB', target: { max: 400 } },
    ]);
    expect(measurements.find((m) => m.name === 'peak RSS of the product, 2000 live at once')).toEqual({ name: 'peak RSS of the product, 2000 live at once', value: 450, unit: 'MB' });
    expect(measurements.at(-1)).toEqual({ name: 'largest level held (comparisons live at once)', value: 1000, unit: 'count' });
  });
});
