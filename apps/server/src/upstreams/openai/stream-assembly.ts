// Streamed chat.completion.chunk events (docs/wire-formats.md §1.5) put back together as the
// chat.completion object a whole answer would have been (§1.4), so one reader serves both.

interface ChunkChoice {
  index?: unknown;
  delta?: { role?: unknown; content?: unknown; refusal?: unknown } | null;
  finish_reason?: unknown;
  logprobs?: unknown;
}

interface AssembledChoice {
  index: number;
  content: string | null;
  refusal: string | null;
  finish_reason: unknown;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Collects chunks as they come; `text` reports the first choice's new content for streaming. */
export class ChatCompletionAssembler {
  readonly #choices = new Map<number, AssembledChoice>();
  #head: Record<string, unknown> = {};
  #usage: unknown = null;

  /** Adds one chunk; returns the text it adds to the first choice ('' when none). */
  add(chunk: unknown): string {
    if (!isObject(chunk)) return '';
    // `obfuscation` is per-chunk padding the API adds to even out sizes: not part of the answer.
    const { choices, usage, obfuscation: _padding, ...head } = chunk;
    // id, created, model, system_fingerprint, service_tier are the same on every chunk; keep the latest.
    this.#head = head;
    if (isObject(usage)) this.#usage = usage;
    let firstText = '';
    for (const choice of (Array.isArray(choices) ? choices : []).filter(isObject) as ChunkChoice[]) {
      const index = typeof choice.index === 'number' ? choice.index : 0;
      const assembled = this.#choices.get(index) ?? { index, content: null, refusal: null, finish_reason: null };
      this.#choices.set(index, assembled);
      const { content, refusal } = choice.delta ?? {};
      if (typeof content === 'string') {
        assembled.content = (assembled.content ?? '') + content;
        if (index === this.#firstIndex()) firstText += content;
      }
      if (typeof refusal === 'string') {
        assembled.refusal = (assembled.refusal ?? '') + refusal;
        if (index === this.#firstIndex()) firstText += refusal;
      }
      if (choice.finish_reason !== null && choice.finish_reason !== undefined) assembled.finish_reason = choice.finish_reason;
    }
    return firstText;
  }

  #firstIndex(): number {
    return Math.min(...this.#choices.keys());
  }

  /** The chat.completion the chunks add up to; `choices` is empty when no chunk carried one. */
  completion(): Record<string, unknown> {
    const choices = [...this.#choices.values()]
      .sort((a, b) => a.index - b.index)
      .map(({ index, content, refusal, finish_reason }) => ({
        index,
        message: { role: 'assistant', content, refusal },
        logprobs: null,
        finish_reason,
      }));
    return { ...this.#head, object: 'chat.completion', choices, usage: this.#usage };
  }
}
