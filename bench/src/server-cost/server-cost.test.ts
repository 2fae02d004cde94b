import { describe, expect, it } from 'vitest';
import { cpuBudgetAtThroughputTarget, formatServerCost, serverCostTargets, type ServerCostReport } from './server-cost.ts';

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
