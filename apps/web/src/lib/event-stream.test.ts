import { describe, expect, it } from 'vitest';
import { readEventStream, type ServerSentEvent } from './event-stream.ts';

/** A body that delivers `chunks` as given, byte for byte. */
function body(chunks: readonly (string | Uint8Array)[]) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function read(chunks: readonly (string | Uint8Array)[]) {
  const events: ServerSentEvent[] = [];
  await readEventStream(body(chunks), (event) => events.push(event));
  return events;
}

describe('readEventStream', () => {
  it('hands over named events in order, with their data', async () => {
    expect(await read(['event: start\ndata: {"logId":"a"}\n\nevent: delta\ndata: {"text":"x"}\n\n'])).toEqual([
      { event: 'start', data: '{"logId":"a"}' },
      { event: 'delta', data: '{"text":"x"}' },
    ]);
  });

  it('joins an event split across chunks at any point, CRLF framing included', async () => {
    const frame = 'event: delta\r\ndata: {"side":"chatGPT","text":"hi"}\r\n\r\n';
    const chunks = [...frame].map((char) => char);
    expect(await read(chunks)).toEqual([{ event: 'delta', data: '{"side":"chatGPT","text":"hi"}' }]);
  });

  it('keeps a character whose bytes are split between two chunks whole', async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: "héllo 🙂"\n\n');
    const cut = bytes.indexOf(0xf0) + 2; // inside the emoji's four bytes
    expect(await read([bytes.slice(0, cut), bytes.slice(cut)])).toEqual([{ event: 'delta', data: '"héllo 🙂"' }]);
  });

  it('joins multi-line data with newlines, skips comments, and names an unnamed event "message"', async () => {
    expect(await read([': keep-alive\n\ndata: line one\ndata: line two\n\n'])).toEqual([{ event: 'message', data: 'line one\nline two' }]);
  });

  it('does not hand over an event the stream cut off before its blank line', async () => {
    expect(await read(['event: end\ndata: {"logId":"a"}\n\nevent: delta\ndata: {"te'])).toEqual([{ event: 'end', data: '{"logId":"a"}' }]);
  });

  it('rejects when the body fails, after handing over what had arrived', async () => {
    const events: ServerSentEvent[] = [];
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const failing = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const reading = readEventStream(failing, (event) => events.push(event));
    controller.enqueue(new TextEncoder().encode('event: start\ndata: {}\n\n'));
    controller.error(new TypeError('network error'));
    await expect(reading).rejects.toThrow('network error');
    expect(events).toEqual([{ event: 'start', data: '{}' }]);
  });

  it('rejects when the handler throws (an event of the wrong shape)', async () => {
    await expect(
      readEventStream(body(['event: a\ndata: 1\n\n']), () => {
        throw new Error('bad event');
      }),
    ).rejects.toThrow('bad event');
  });
});
