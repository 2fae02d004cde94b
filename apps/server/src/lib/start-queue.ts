// Comparisons start in turns: in arrival order, and only as many per event-loop iteration as keep
// the iterations short. An iteration runs every callback that became ready during the one before;
// when it also started every comparison whose request had just been read, a busy server's
// iterations grew long and its work came in fewer, larger, costlier batches. Handing the starts out
// from setImmediate keeps them together, one batch per iteration, sized by how long the last one
// took (docs/decisions.md, "Server cost per comparison"). An idle or keeping-up server hands out
// every turn in the iteration it was asked for; a busy one hands out fewer, down to one.

/** Resolves when it is the caller's turn to start its comparison. */
export type WaitForStart = () => Promise<void>;

export interface StartQueueOptions {
  /** An iteration longer than this halves the turns per iteration; a shorter one doubles them. */
  targetIterationMs?: number;
  /** Turns per iteration while iterations stay short. */
  maxPerIteration?: number;
  now?: () => number;
}

export function createStartQueue({ targetIterationMs = 1, maxPerIteration = 64, now = () => performance.now() }: StartQueueOptions = {}): WaitForStart {
  let waiting: (() => void)[] = [];
  let head = 0;
  let scheduled = false;
  let perIteration = maxPerIteration;
  let lastHandOut = 0;
  let backlogged = false;

  const handOut = () => {
    scheduled = false;
    const at = now();
    // After a hand-out that left callers waiting, the next one runs an iteration later: that
    // iteration's length is what the last batch (and everything else ready) cost.
    if (backlogged) perIteration = at - lastHandOut > targetIterationMs ? Math.max(1, perIteration >> 1) : Math.min(maxPerIteration, perIteration * 2);
    lastHandOut = at;
    // A turn is a promise's resolve: it cannot throw, and what the caller does next runs later, as
    // a microtask, so one comparison's failure never stops the hand-out.
    for (let given = 0; given < perIteration && head < waiting.length; given++) waiting[head++]!();
    backlogged = head < waiting.length;
    if (backlogged) return schedule();
    waiting = [];
    head = 0;
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(handOut);
  };
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      schedule();
    });
}
