import { setImmediate as nextIteration } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createStartQueue, type WaitForStart } from './start-queue.ts';

/** Asks for `count` turns (numbered from `from`) and records each start in `started`. */
function ask(waitForTurn: WaitForStart, count: number, started: number[], from = 0): void {
  for (let caller = from; caller < from + count; caller++) void waitForTurn().then(() => started.push(caller));
}

/** Runs `iterations` loop iterations and returns, per iteration, the callers that started in it. */
async function startsPerIteration(started: number[], iterations: number, beforeEach?: (iteration: number) => void): Promise<number[][]> {
  const seen: number[][] = [];
  for (let iteration = 0; iteration < iterations; iteration++) {
    beforeEach?.(iteration);
    const before = started.length;
    await nextIteration();
    seen.push(started.slice(before));
  }
  return seen;
}

describe('the start queue', () => {
  it('starts every caller in the iteration it asked in, in arrival order, while iterations stay short', async () => {
    const started: number[] = [];
    ask(createStartQueue(), 40, started);
    const seen = await startsPerIteration(started, 2);
    expect(seen.map((batch) => batch.length)).toEqual([40, 0]);
    expect(started).toEqual([...Array(40).keys()]);
  });

  it('hands out fewer turns per iteration, down to one, while each iteration runs long, first come first served', async () => {
    let clock = 0;
    const started: number[] = [];
    // Every iteration lasts 50 ms: far over the 1 ms target, so the turns per iteration fall to one.
    ask(createStartQueue({ now: () => clock, maxPerIteration: 8 }), 20, started);
    const seen = await startsPerIteration(started, 12, () => (clock += 50));
    expect(seen.map((batch) => batch.length)).toEqual([8, 4, 2, 1, 1, 1, 1, 1, 1, 0, 0, 0]);
    expect(started).toEqual([...Array(20).keys()]);
  });

  it('hands out more again once iterations are short', async () => {
    let clock = 0;
    let step = 50;
    const started: number[] = [];
    ask(createStartQueue({ now: () => clock, maxPerIteration: 8 }), 40, started);
    const seen = await startsPerIteration(started, 10, () => {
      clock += step;
      if (clock >= 200) step = 1;
    });
    expect(seen.map((batch) => batch.length)).toEqual([8, 4, 2, 1, 2, 4, 8, 8, 3, 0]);
  });

  it('is fair: callers who ask while others wait start after them, never ahead', async () => {
    let clock = 0;
    const started: number[] = [];
    const waitForTurn = createStartQueue({ now: () => clock, maxPerIteration: 4 });
    ask(waitForTurn, 10, started);
    // Ten more ask in the third iteration, while the first ten are still being handed out.
    await startsPerIteration(started, 20, (iteration) => {
      clock += 50;
      if (iteration === 2) ask(waitForTurn, 10, started, 10);
    });
    expect(started).toEqual([...Array(20).keys()]);
  });

  it('keeps handing out turns when the callers that started fail', async () => {
    let clock = 0;
    const started: number[] = [];
    const waitForTurn = createStartQueue({ now: () => clock, maxPerIteration: 2 });
    // Every other caller fails as soon as it starts, as a comparison whose first statement throws would.
    const comparisons = Array.from({ length: 8 }, (_, caller) =>
      waitForTurn().then(() => {
        started.push(caller);
        if (caller % 2 === 0) throw new Error(`comparison ${caller} failed`);
      }),
    );
    // Settled from the start, so a failure is handled when it happens (as the route's is).
    const settled = Promise.allSettled(comparisons);
    await startsPerIteration(started, 12, () => (clock += 50));
    const outcomes = await settled;
    expect(started).toEqual([...Array(8).keys()]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(Array.from({ length: 8 }, (_, caller) => (caller % 2 === 0 ? 'rejected' : 'fulfilled')));
  });

  it('starts a lone caller at once on a server that was busy long ago', async () => {
    let clock = 0;
    const waitForTurn = createStartQueue({ now: () => clock });
    await waitForTurn();
    clock += 60_000;
    const started: number[] = [];
    ask(waitForTurn, 3, started);
    const seen = await startsPerIteration(started, 1);
    expect(seen[0]).toEqual([0, 1, 2]);
  });
});
