import { setImmediate as nextIteration } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createLoopTurns } from './loop-turns.ts';

/** Asks for `count` turns and records, per later loop iteration, which callers had theirs. */
async function turnsPerIteration(takeTurn: () => Promise<void>, count: number, iterations: number, beforeEach?: () => void) {
  const started: number[] = [];
  for (let caller = 0; caller < count; caller++) void takeTurn().then(() => started.push(caller));
  const seen: number[][] = [];
  for (let iteration = 0; iteration < iterations; iteration++) {
    beforeEach?.();
    const before = started.length;
    await nextIteration();
    seen.push(started.slice(before));
  }
  return { started, seen };
}

describe('comparisons start in turns', () => {
  it('hands every turn out in the iteration it was asked for while iterations stay short', async () => {
    const { started, seen } = await turnsPerIteration(createLoopTurns(), 40, 2);
    expect(seen[0]).toHaveLength(40);
    expect(started).toEqual([...Array(40).keys()]);
  });

  it('hands out one turn per iteration, first come first served, while each iteration runs long', async () => {
    let clock = 0;
    // Every iteration lasts 50 ms: far over the target, so the turns per iteration fall to one.
    const { started, seen } = await turnsPerIteration(createLoopTurns({ now: () => clock, maxPerIteration: 8 }), 20, 12, () => (clock += 50));
    expect(seen.map((batch) => batch.length)).toEqual([8, 4, 2, 1, 1, 1, 1, 1, 1, 0, 0, 0]);
    expect(started).toEqual([...Array(20).keys()]);
  });

  it('hands out more again once iterations are short', async () => {
    // Iterations of 50 ms until the clock reaches 200 ms, then of 1 ms.
    let clock = 0;
    let step = 50;
    const takeTurn = createLoopTurns({ now: () => clock, maxPerIteration: 8 });
    const { seen } = await turnsPerIteration(takeTurn, 40, 10, () => {
      clock += step;
      if (clock >= 200) step = 1;
    });
    const sizes = seen.map((batch) => batch.length);
    expect(sizes).toEqual([8, 4, 2, 1, 2, 4, 8, 8, 3, 0]);
  });
});

  it('a lone request on a server that was busy long ago still starts in the iteration it asked', async () => {
    let clock = 0;
    const takeTurn = createLoopTurns({ now: () => clock });
    await takeTurn();
    clock += 60_000;
    const { seen } = await turnsPerIteration(takeTurn, 3, 1);
    expect(seen[0]).toHaveLength(3);
  });
