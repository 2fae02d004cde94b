// Streamed Messages API events put back together as the `message` a whole answer would have been,
// so one reader serves both. `complete` says whether message_stop arrived.

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class MessageAssembler {
  #message: Record<string, unknown> = {};
  readonly #blocks: Array<Record<string, unknown>> = [];
  #usage: Record<string, unknown> = {};
  #complete = false;

  /** Adds one event; returns the answer text it adds ('' when none). */
  add(event: unknown): string {
    if (!isObject(event)) return '';
    switch (event.type) {
      case 'message_start': {
        const message = isObject(event.message) ? event.message : {};
        const { content: _empty, usage, ...head } = message;
        this.#message = head;
        if (isObject(usage)) this.#usage = { ...usage };
        return '';
      }
      case 'content_block_start':
        if (typeof event.index === 'number' && isObject(event.content_block)) this.#blocks[event.index] = { ...event.content_block };
        return '';
      case 'content_block_delta':
        return this.#addDelta(event);
      case 'message_delta': {
        if (isObject(event.delta)) Object.assign(this.#message, event.delta);
        // Counts here are cumulative and replace the start's; a null leaves the earlier count.
        if (isObject(event.usage)) for (const [name, value] of Object.entries(event.usage)) if (value !== null) this.#usage[name] = value;
        return '';
      }
      case 'message_stop':
        this.#complete = true;
        return '';
      default:
        return ''; // ping, content_block_stop and event types newer than this code
    }
  }

  #addDelta(event: Record<string, unknown>): string {
    const block = typeof event.index === 'number' ? this.#blocks[event.index] : undefined;
    const delta = isObject(event.delta) ? event.delta : {};
    if (!block) return '';
    if (delta.type === 'text_delta' && typeof delta.text === 'string') {
      block.text = (typeof block.text === 'string' ? block.text : '') + delta.text;
      return block.type === 'text' ? delta.text : '';
    }
    if (delta.type === 'thinking_delta' && typeof delta.thinking === 'string') {
      block.thinking = (typeof block.thinking === 'string' ? block.thinking : '') + delta.thinking;
    }
    return '';
  }

  /** True once message_stop arrived: the answer is whole. */
  get complete(): boolean {
    return this.#complete;
  }

  /** True once message_start arrived. */
  get started(): boolean {
    return Object.keys(this.#message).length > 0;
  }

  message(): Record<string, unknown> {
    return { ...this.#message, content: this.#blocks.filter(isObject), usage: this.#usage };
  }
}
