import { describe, expect, it } from 'vitest';
import { AnswerHeaders, UpstreamAnswer } from './upstream-answer.ts';

const raw = { 'content-type': 'application/json', 'x-request-id': 'req_1', 'set-cookie': ['a=1', 'b=2'], vary: ['origin', 'accept'], 'content-length': undefined };
const bytes = (text: string) => new TextEncoder().encode(text);
const streamOf = (...parts: string[]) =>
  new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(controller) {
      for (const part of parts) controller.enqueue(bytes(part));
      controller.close();
    },
  });

describe('AnswerHeaders', () => {
  it('reads as a fetch Response\'s Headers do: names in any case, repeats joined, set-cookie kept apart, sorted', () => {
    const headers = new AnswerHeaders(raw);
    const standard = new Headers([['Content-Type', 'application/json'], ['X-Request-Id', 'req_1'], ['Set-Cookie', 'a=1'], ['Set-Cookie', 'b=2'], ['Vary', 'origin'], ['Vary', 'accept']]);
    expect(headers.get('Content-Type')).toBe(standard.get('content-type'));
    expect(headers.get('VARY')).toBe(standard.get('vary'));
    expect(headers.get('content-length')).toBeNull();
    expect(headers.has('X-REQUEST-ID')).toBe(true);
    expect(headers.has('content-length')).toBe(false);
    expect(headers.getSetCookie()).toEqual(standard.getSetCookie());
    expect([...headers]).toEqual([...standard]);
    expect([...headers.entries()]).toEqual([...standard.entries()]);
    expect([...headers.keys()]).toEqual([...standard.keys()]);
    expect([...headers.values()]).toEqual([...standard.values()]);
    const seen: string[] = [];
    headers.forEach((value, name, parent) => seen.push(`${name}=${value}${parent === headers ? '' : '?'}`));
    expect(seen).toEqual([...standard].map(([name, value]) => `${name}=${value}`));
    expect(Object.prototype.toString.call(headers)).toBe('[object Headers]');
  });

  it('cannot be changed, as a Response\'s headers cannot', () => {
    const headers = new AnswerHeaders(raw);
    expect(() => headers.set('x-a', '1')).toThrow(TypeError);
    expect(() => headers.append('x-a', '1')).toThrow(TypeError);
    expect(() => headers.delete('vary')).toThrow(TypeError);
    const [first] = headers.entries();
    first![1] = 'changed';
    expect([...headers][0]).toEqual(['content-type', 'application/json']);
  });
});

describe('UpstreamAnswer', () => {
  it('carries status, ok and url as fetch\'s Response does', () => {
    const answer = new UpstreamAnswer(404, raw, null, 'http://127.0.0.1/v1/x');
    expect([answer.status, answer.ok, answer.url, answer.redirected, answer.type, answer.body]).toEqual([404, false, 'http://127.0.0.1/v1/x', false, 'basic', null]);
    expect(new UpstreamAnswer(204, {}, null).ok).toBe(true);
  });

  it('reads a whole body once, by any method, and as a stream only when asked', async () => {
    const answer = new UpstreamAnswer(200, raw, { bytes: bytes('{"a":1}') });
    const copy = answer.clone();
    expect(await answer.json()).toEqual({ a: 1 });
    expect(answer.bodyUsed).toBe(true);
    await expect(answer.text()).rejects.toBeInstanceOf(TypeError);
    expect(() => answer.clone()).toThrow(TypeError);
    // Its stream then is a used one, locked as a fetch Response's is.
    const read = new Response('{"a":1}');
    await read.text();
    expect([answer.body?.locked, answer.bodyUsed]).toEqual([read.body?.locked, read.bodyUsed]);
    expect(new TextDecoder().decode(await copy.arrayBuffer())).toBe('{"a":1}');
    const blob = await new UpstreamAnswer(200, raw, { bytes: bytes('x') }).blob();
    expect([blob.type, await blob.text()]).toEqual(['application/json', 'x']);
    expect([...(await new UpstreamAnswer(200, raw, { bytes: bytes('xy') }).bytes())]).toEqual([120, 121]);
    const form = await new UpstreamAnswer(200, { 'content-type': 'application/x-www-form-urlencoded' }, { bytes: bytes('a=1&b=two') }).formData();
    expect([form.get('a'), form.get('b')]).toEqual(['1', 'two']);
  });

  it('streams a streamed body as it is read, and a clone reads the same', async () => {
    const answer = new UpstreamAnswer(200, { 'content-type': 'text/event-stream' }, { stream: streamOf('data: 1\n\n', 'data: 2\n\n') });
    const copy = answer.clone();
    expect(answer.bodyUsed).toBe(false);
    expect(await answer.text()).toBe('data: 1\n\ndata: 2\n\n');
    expect(answer.bodyUsed).toBe(true);
    expect(await new Response(copy.body).text()).toBe('data: 1\n\ndata: 2\n\n');
    expect(copy.bodyUsed).toBe(true);
  });
});
