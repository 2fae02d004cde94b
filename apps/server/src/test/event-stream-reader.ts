/** One server-sent event as a test received it: its name, parsed data, and when it arrived. */
export interface ReceivedEvent {
  event: string;
  data: unknown;
  /** performance.now() when the event was read. */
  at: number;
}

/**
 * Reads a text/event-stream body event by event (blank-line framing, `event:` and `data:` fields),
 * so tests see exactly what a browser would. Written for tests: it does not handle `id:`/`retry:`.
 */
export async function* readEvents(response: Response): AsyncGenerator<ReceivedEvent> {
  if (!response.body) return;
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk as Uint8Array, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      yield { event, data: JSON.parse(data.join('\n')) as unknown, at: performance.now() };
    }
  }
}
