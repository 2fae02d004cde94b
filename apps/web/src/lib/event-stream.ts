import { createParser } from 'eventsource-parser';

/** One server-sent event: its name (`message` when the server gave none) and its data text. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * Reads a `text/event-stream` body to its end, handing each complete event to `onEvent` in the
 * order it arrived. Bytes are decoded as a stream, so a character split between two chunks stays
 * whole. EventSource itself cannot send a POST body, hence this reader over fetch's stream.
 * Rejects when the body fails (a dropped connection, an abort) or `onEvent` throws.
 */
export async function readEventStream(body: ReadableStream<Uint8Array>, onEvent: (event: ServerSentEvent) => void): Promise<void> {
  const parser = createParser({
    onEvent: ({ event, data }) => onEvent({ event: event ?? 'message', data }),
  });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    const rest = decoder.decode();
    if (rest !== '') parser.feed(rest);
  } finally {
    reader.releaseLock();
  }
}
