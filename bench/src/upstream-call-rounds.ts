// How upstream-call-cost.ts times its calls. With --compare, two upstream layers run in one process,
// each with its own keep-alive pool, in alternating rounds: while one layer's round runs, the other's
// sockets sit idle, and the simulator closes idle sockets after its keep-alive timeout. A call that
// then goes out on a socket just closed fails ("fetch failed"), and with retries off (the bench
// times single attempts) that ended the whole run after its first round. So each timed round starts
// on a pool warmed just before it, and a call that still fails is counted and reported, not thrown.

export interface CallsTimed {
  /** This process's user + system CPU per call answered, µs. */
  microsPerCall: number;
  answered: number;
  failed: number;
  /** The first failure's message, to report beside the count. */
  firstFailure?: string;
}

const describeFailure = (error: unknown): string => {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return error instanceof Error ? `${error.message}${cause}` : String(error);
};

/** `count` calls, `concurrency` at a time, and the CPU this process spent on them. */
export async function timeCalls(call: () => Promise<unknown>, count: number, concurrency: number): Promise<CallsTimed> {
  let next = 0;
  let failed = 0;
  let firstFailure: string | undefined;
  const start = process.cpuUsage();
  const worker = async () => {
    while (next < count) {
      next++;
      try {
        await call();
      } catch (error) {
        failed++;
        firstFailure ??= describeFailure(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  const used = process.cpuUsage(start);
  const answered = count - failed;
  return { microsPerCall: answered > 0 ? (used.user + used.system) / answered : Number.NaN, answered, failed, ...(firstFailure !== undefined ? { firstFailure } : {}) };
}

/**
 * Untimed calls right before a layer's timed round, as many as its pool holds sockets (one per call
 * in flight) and as many again, so any socket closed while it sat idle fails here, not in the round.
 */
export function warmPool(call: () => Promise<unknown>, concurrency: number): Promise<CallsTimed> {
  return timeCalls(call, concurrency * 2, concurrency);
}
