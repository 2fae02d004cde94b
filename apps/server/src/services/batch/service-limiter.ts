interface Waiter {
  resolve(): void;
  reject(reason: unknown): void;
}

/**
 * How many calls one service of one run may have in flight. It starts at the run's concurrency
 * and adapts to 429s like TCP congestion control: a 429 halves the limit (once per pause) and
 * holds every new call until the upstream's Retry-After has passed; then each `limit`
 * successes in a row raise it by one, back up to the maximum. Without 429s `acquire` resolves
 * at once, so the limiter costs nothing on the fast path.
 */
export class ServiceLimiter {
  #limit: number;
  #active = 0;
  #pausedUntil = 0;
  #streak = 0;
  #timer: NodeJS.Timeout | undefined;
  readonly #waiters: Waiter[] = [];

  constructor(
    readonly max: number,
    private readonly now: () => number = Date.now,
  ) {
    this.#limit = max;
  }

  get limit(): number {
    return this.#limit;
  }

  get pausedForMs(): number {
    return Math.max(0, this.#pausedUntil - this.now());
  }

  /** Waits for a slot; rejects with the signal's reason if the run is stopped meanwhile. */
  acquire(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    if (this.#waiters.length === 0 && this.#canStart()) {
      this.#active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const at = this.#waiters.indexOf(waiter);
        if (at !== -1) this.#waiters.splice(at, 1);
        reject(signal.reason as Error);
      };
      const waiter: Waiter = {
        resolve: () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
        reject,
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.#waiters.push(waiter);
      this.#pump();
    });
  }

  release(): void {
    this.#active--;
    this.#pump();
  }

  onSuccess(): void {
    if (this.#limit >= this.max) return;
    if (++this.#streak >= this.#limit) {
      this.#limit++;
      this.#streak = 0;
      this.#pump();
    }
  }

  /** A 429: calls already in flight when the pause began do not cut the limit a second time. */
  onRateLimited(waitMs: number): void {
    const now = this.now();
    if (now >= this.#pausedUntil) this.#limit = Math.max(1, Math.floor(this.#limit / 2));
    this.#pausedUntil = Math.max(this.#pausedUntil, now + waitMs);
    this.#streak = 0;
    this.#pump();
  }

  /** Ends pending timers so a stopped run leaves nothing behind. */
  dispose(): void {
    clearTimeout(this.#timer);
  }

  #canStart(): boolean {
    return this.#active < this.#limit && this.now() >= this.#pausedUntil;
  }

  #pump(): void {
    while (this.#waiters.length > 0 && this.#canStart()) {
      this.#active++;
      this.#waiters.shift()?.resolve();
    }
    const waitMs = this.pausedForMs;
    if (this.#waiters.length > 0 && waitMs > 0 && this.#timer === undefined) {
      this.#timer = setTimeout(() => {
        this.#timer = undefined;
        this.#pump();
      }, waitMs);
    }
  }
}
