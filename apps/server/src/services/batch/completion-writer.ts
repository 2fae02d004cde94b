/**
 * Group commit for finished prompts: workers hand a result over and go straight on to the next
 * prompt; one write at a time takes everything queued since the last one. The pool never waits
 * for the database, and under load many prompts share one transaction.
 */
export class CompletionWriter<T> {
  #queue: T[] = [];
  #flushing: Promise<void> | null = null;

  constructor(
    private readonly write: (batch: T[]) => Promise<void>,
    private readonly onError: (error: unknown, batch: T[]) => void,
  ) {}

  push(item: T): void {
    this.#queue.push(item);
    // One macrotask later, so answers that arrive in the same burst share one transaction.
    this.#flushing ??= new Promise((resolve) => setImmediate(resolve)).then(() => this.#flush());
  }

  /** Resolves when everything pushed so far is written (or reported through onError). */
  async drain(): Promise<void> {
    while (this.#flushing) await this.#flushing;
  }

  async #flush(): Promise<void> {
    try {
      while (this.#queue.length > 0) {
        const batch = this.#queue.splice(0);
        try {
          await this.write(batch);
        } catch (error) {
          this.onError(error, batch);
        }
      }
    } finally {
      this.#flushing = null;
    }
  }
}
