// The Response our upstream fetch hands the SDKs: a standard Response in every member they (or
// anyone) can call, built over what undici's request API already gave us. A real Response validated
// and copied the headers into a Headers object, and iterating that (both SDKs iterate the headers of
// every answer) sorted a fresh copy each time: about a tenth of the memory a comparison allocated
// (docs/decisions.md, "Server cost per comparison"). A whole body is read from its bytes, never
// through a web stream unless `body` is asked for.

/** undici's answer headers: names already lower-case, a repeated header as an array. */
export type RawHeaders = Record<string, string | string[] | undefined>;

const immutable = (): never => {
  throw new TypeError('Headers are immutable');
};

/** A fetch answer's headers, read-only as a Response's are: names case-insensitive, iterated sorted, repeats joined by ", " except set-cookie. */
export class AnswerHeaders implements Headers {
  readonly #raw: RawHeaders;
  #sorted: [string, string][] | undefined;

  constructor(raw: RawHeaders) {
    this.#raw = raw;
  }

  get(name: string): string | null {
    const value = this.#raw[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }
  has(name: string): boolean {
    return this.#raw[name.toLowerCase()] !== undefined;
  }
  getSetCookie(): string[] {
    const value = this.#raw['set-cookie'];
    return value === undefined ? [] : Array.isArray(value) ? [...value] : [value];
  }
  /** The pairs as Headers iterates them, sorted by name (made once: the headers never change). */
  #pairs(): [string, string][] {
    if (this.#sorted) return this.#sorted;
    const pairs: [string, string][] = [];
    for (const name of Object.keys(this.#raw).sort()) {
      if (name === 'set-cookie') for (const cookie of this.getSetCookie()) pairs.push([name, cookie]);
      else if (this.#raw[name] !== undefined) pairs.push([name, this.get(name)!]);
    }
    return (this.#sorted = pairs);
  }
  forEach(callback: (value: string, name: string, parent: Headers) => void, thisArg?: unknown): void {
    for (const [name, value] of this.#pairs()) callback.call(thisArg, value, name, this);
  }
  entries() {
    return this.#pairs().map(([name, value]): [string, string] => [name, value]).values();
  }
  keys() {
    return this.#pairs().map(([name]) => name).values();
  }
  values() {
    return this.#pairs().map(([, value]) => value).values();
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  append(_name: string, _value: string): void {
    immutable();
  }
  set(_name: string, _value: string): void {
    immutable();
  }
  delete(_name: string): void {
    immutable();
  }
  get [Symbol.toStringTag]() {
    return 'Headers';
  }
}

const textDecoder = new TextDecoder();

/** What an answer carries: its bytes, already read whole, or a stream still arriving (server-sent events). */
export type AnswerBody = { bytes: Uint8Array<ArrayBuffer> } | { stream: ReadableStream<Uint8Array<ArrayBuffer>> } | null;

/**
 * An upstream answer as a standard Response. A whole body answers `text()`/`json()` straight from
 * its bytes and becomes a stream only if `body` is asked for; from then on it is that stream's, as
 * in any Response. A body is read at most once.
 */
export class UpstreamAnswer implements Response {
  readonly status: number;
  readonly statusText = '';
  readonly headers: AnswerHeaders;
  readonly url: string;
  readonly redirected = false;
  readonly type = 'basic' as const;
  readonly #content: AnswerBody;
  #used = false;
  /** The Response that owns the body once it is read as a stream. */
  #streamed: Response | undefined;

  constructor(status: number, headers: RawHeaders | AnswerHeaders, content: AnswerBody, url = '') {
    this.status = status;
    this.headers = headers instanceof AnswerHeaders ? headers : new AnswerHeaders(headers);
    this.#content = content;
    this.url = url;
  }

  get ok(): boolean {
    return this.status >= 200 && this.status <= 299;
  }

  /** The Response that reads a body which is (or has become) a stream. */
  #asStream(): Response | undefined {
    if (this.#streamed) return this.#streamed;
    const content = this.#content;
    if (content === null || 'bytes' in content) return undefined;
    return (this.#streamed = new Response(content.stream));
  }

  get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    const content = this.#content;
    if (content === null) return null;
    if (!this.#streamed && 'bytes' in content) {
      this.#streamed = new Response(content.bytes);
      // Already read: the stream a fetch Response shows then is a used one.
      if (this.#used) void this.#streamed.arrayBuffer();
    }
    return this.#asStream()!.body as ReadableStream<Uint8Array<ArrayBuffer>>;
  }
  get bodyUsed(): boolean {
    return this.#streamed ? this.#streamed.bodyUsed : this.#used;
  }

  /** The bytes of a whole body, once. */
  #take(): Uint8Array<ArrayBuffer> {
    if (this.#used) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    const content = this.#content;
    return content && 'bytes' in content ? content.bytes : new Uint8Array(0);
  }

  async text(): Promise<string> {
    const stream = this.#asStream();
    return stream ? stream.text() : textDecoder.decode(this.#take());
  }
  async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    const stream = this.#asStream();
    if (stream) return stream.arrayBuffer();
    const bytes = this.#take();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  }
  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(await this.arrayBuffer());
  }
  async blob(): Promise<Blob> {
    return new Blob([await this.arrayBuffer()], { type: this.headers.get('content-type') ?? '' });
  }
  async formData(): Promise<FormData> {
    return new Response(await this.arrayBuffer(), { headers: [...this.headers] }).formData();
  }
  clone(): Response {
    if (this.bodyUsed) throw new TypeError('Response.clone: Body has already been consumed.');
    const content = this.#content;
    if (content === null || (!this.#streamed && 'bytes' in content)) return new UpstreamAnswer(this.status, this.headers, content, this.url);
    // A stream is split in two, one branch for each (fetch's clone tees the same way).
    const [mine, theirs] = this.body!.tee();
    this.#streamed = new Response(mine);
    return new UpstreamAnswer(this.status, this.headers, { stream: theirs }, this.url);
  }
}
