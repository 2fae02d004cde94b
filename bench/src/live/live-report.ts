// The live section's table and targets: per level, errors, the product's time to first piece over
// the floor's, peak RSS and RSS per live comparison, and whether the level was held.
import type { Measurement } from '../report.ts';
import type { LiveLevel, LiveReport, LiveRun } from './live.ts';

/** The targets on this machine, at TARGET_LEVEL comparisons live at once. */
export const TARGET_LEVEL = 1000;
export const MAX_ADDED_P99_MS = 50;
export const MAX_RSS_MB = 400;

type Measured = LiveLevel & { floor: LiveRun; product: LiveRun };
const measured = (level: LiveLevel): level is Measured => level.floor !== undefined && level.product !== undefined;

/** The product's first piece over the floor's, at p50 and p99. */
export const addedMs = (level: Measured) => ({ p50: level.product.firstPieceP50Ms - level.floor.firstPieceP50Ms, p99: level.product.firstPieceP99Ms - level.floor.firstPieceP99Ms });

/** Held: every comparison the product was sent streamed to its end, and its p99 first piece came within MAX_ADDED_P99_MS of the floor's. */
export const held = (level: LiveLevel): boolean => measured(level) && level.product.errorCount === 0 && level.product.samples > 0 && addedMs(level).p99 <= MAX_ADDED_P99_MS;

/** The largest level held, or 0 when none was. */
export const largestHeld = (report: LiveReport): number => Math.max(0, ...report.levels.filter(held).map((level) => level.level));

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const signed = (value: number) => (Number.isFinite(value) ? `${value >= 0 ? '+' : ''}${value.toFixed(0)}` : '–');

export function formatLive(report: LiveReport): string[] {
  const header = ['live', 'new/s', 'peak live floor/product', 'errors floor/product', 'first piece p50/p99 ms floor', 'product', 'added p50/p99 ms', 'peak RSS MB floor/product', 'KB per live', 'CPU ms/cmp floor/product', 'cores idle', 'held'];
  const rows = report.levels.filter(measured).map((level) => {
    const added = addedMs(level);
    return [
      String(level.level),
      fixed(level.perSecond, 1),
      `${level.floor.peakLive} / ${level.product.peakLive}`,
      `${level.floor.errorCount} / ${level.product.errorCount}`,
      `${fixed(level.floor.firstPieceP50Ms)} / ${fixed(level.floor.firstPieceP99Ms)}`,
      `${fixed(level.product.firstPieceP50Ms)} / ${fixed(level.product.firstPieceP99Ms)}`,
      `${signed(added.p50)} / ${signed(added.p99)}`,
      `${fixed(level.floor.peakRssMb)} / ${fixed(level.product.peakRssMb)}`,
      fixed(level.product.rssPerLiveKb),
      `${fixed(level.floor.cpuMsPerComparison, 1)} / ${fixed(level.product.cpuMsPerComparison, 1)}`,
      `${fixed(level.floor.machineIdleShare * 100)} / ${fixed(level.product.machineIdleShare * 100)} %`,
      held(level) ? 'yes' : 'no',
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => '  ' + cells.map((cell, column) => cell.padStart(widths[column]!)).join('  ');
  const errorKinds = report.levels.filter(measured).filter((level) => level.product.errorCount > 0)
    .map((level) => `${level.level}: ${Object.entries(level.product.errors).filter(([, count]) => count > 0).map(([kind, count]) => `${count} ${kind}`).join(', ')}`);
  return [
    line(header),
    ...rows.map(line),
    ...report.levels.filter((level) => level.skipped).map((level) => `  ${level.level} live: skipped, ${level.skipped}`),
    ...(errorKinds.length > 0 ? [`  the product's errors by kind: ${errorKinds.join('; ')}`] : []),
    `  largest level held (no errors, p99 first piece within ${MAX_ADDED_P99_MS} ms of the floor's): ${largestHeld(report) || 'none'}`,
  ];
}

/** The targets as measurements `npm run bench` checks (met/missed beside each), the other levels reported without one. */
export function liveTargets(report: LiveReport): Measurement[] {
  const measurements: Measurement[] = [];
  for (const level of report.levels.filter(measured)) {
    const targeted = level.level === TARGET_LEVEL;
    const at = `${level.level} live at once`;
    measurements.push({ name: `product errors, ${at}`, value: level.product.errorCount, unit: 'count', ...(targeted ? { target: { max: 0 } } : {}) });
    measurements.push({ name: `p99 first piece over the floor's, ${at}`, value: addedMs(level).p99, unit: 'ms', ...(targeted ? { target: { max: MAX_ADDED_P99_MS } } : {}) });
    measurements.push({ name: `peak RSS of the product, ${at}`, value: level.product.peakRssMb, unit: 'MB', ...(targeted ? { target: { max: MAX_RSS_MB } } : {}) });
  }
  measurements.push({ name: 'largest level held (comparisons live at once)', value: largestHeld(report), unit: 'count' });
  return measurements;
}
