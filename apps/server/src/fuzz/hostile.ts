import fc from 'fast-check';

/** Strings that have broken servers before: NUL, lone surrogates, injections, traversal, huge, prototype keys. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '🤖'.repeat(50),
  "' OR 1=1 --",
  '"; DROP TABLE logs; --',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00',
  '%E0%A4%A',
  '__proto__',
  'constructor',
  'prototype',
  '${7*7}',
  '\r\nSet-Cookie: x=1',
  'NaN',
  '-1',
  '1e309',
  'x'.repeat(40_000),
  'a@b.co',
  'sk-…abcd',
  'gpt-4o-mini',
  'chat-bison-001',
  'user',
];

export const nastyString = fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ unit: 'binary', maxLength: 80 }), fc.string({ maxLength: 20 }));

const nastyNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 0.5, 2, 4095, 4096, 4097, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, leaning towards the ones that hurt. */
export const nastyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(nastyString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** An object with the route's own field names (so validation is reached) and strangers, each holding anything. */
export function bodyLike(fields: readonly string[], nested: Record<string, readonly string[]> = {}): fc.Arbitrary<unknown> {
  const field = (name: string) => (nested[name] ? fc.oneof(bodyLike(nested[name]), nastyValue) : nastyValue);
  const known = fc.record(Object.fromEntries(fields.map((name) => [name, field(name)])), { requiredKeys: [] });
  return fc.tuple(known, fc.dictionary(nastyString, nastyValue, { maxKeys: 2 })).map(([own, extra]) => ({ ...extra, ...own }));
}

/** A valid body, or one with a field swapped for something hostile: the edge between 2xx and 422. */
export function nearlyValid(valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<unknown> {
  return fc.oneof(
    valid,
    fc.tuple(valid, nastyString, nastyValue).map(([body, key, value]) => {
      const keys = Object.keys(body);
      const swapped = keys[Math.abs(key.length) % Math.max(1, keys.length)] ?? key;
      return { ...body, [swapped]: value };
    }),
  );
}

/** The text sent as the body: JSON of a shaped object, of any value, broken JSON, or bytes. */
export function bodyText(shape: fc.Arbitrary<unknown>): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 6, arbitrary: shape.map((value) => JSON.stringify(value)) },
    { weight: 2, arbitrary: nastyValue.map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 1, arbitrary: fc.json() },
    { weight: 1, arbitrary: shape.map((value) => JSON.stringify(value).slice(0, -1)) },
    { weight: 1, arbitrary: fc.constantFrom('{"__proto__":{"a":1}}', '{"constructor":{"prototype":{"a":1}}}', '[[[[[[[[[[', '{"a":1,"a":2}', '\u0000', '') },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** Percent-encodes any text, lone surrogates included (encodeURIComponent throws on those). */
const encode = (text: string) => [...Buffer.from(text, 'utf8')].map((byte) => (/[\w.~-]/.test(String.fromCharCode(byte)) && byte < 128 ? String.fromCharCode(byte) : `%${byte.toString(16).padStart(2, '0').toUpperCase()}`)).join('');

/** A path parameter: ids that exist, ids that look right, and anything, percent-encoded or broken. */
export function pathParam(known: () => readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constant(null).map(() => encode(known()[0] ?? 'none')),
    nastyString.map(encode),
    fc.constantFrom('%', '%E0%A4%A', '..', '%2e%2e', 'a'.repeat(150), '%00', '%FF%FE', 'latest', 'cancel'),
    fc.stringMatching(/^[A-Za-z0-9_-]{1,30}$/),
  );
}

/** A query string: the route's own names and strangers, values anything. */
export function queryString(names: readonly string[]): fc.Arbitrary<string> {
  const pair = fc.tuple(fc.oneof(fc.constantFrom(...names, 'x'), nastyString), fc.oneof(nastyString, fc.constantFrom('csv', 'json', 'jsonl', '1', '1000', '1001', '0', '-5')));
  return fc.array(pair, { maxLength: 3 }).map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}`));
}

/** A header value Node's client lets through (latin1, no CR/LF), often hostile. */
const headerValue = fc.oneof(
  fc.constantFrom('', ' ', 'null', '%00', '../..', 'a'.repeat(4000), '1.2.3.4, 5.6.7.8', '::1', 'http://evil.example', 'same-origin', 'cross-site'),
  fc.string({ maxLength: 60 }).map((text) => text.replace(/[^\x20-\x7e]/g, '')),
);

/** Headers any client sends: content types (mostly JSON, so bodies reach validation), forwarded addresses, accepts. */
export const requestHeaders = fc.record(
  {
    'content-type': fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON') },
      { weight: 2, arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx') },
      { weight: 1, arbitrary: headerValue },
    ),
    'x-forwarded-for': headerValue,
    accept: headerValue,
    'accept-encoding': fc.constantFrom('gzip', 'br', 'identity', '*', 'x'),
  },
  { requiredKeys: ['content-type'] },
);

/** What a forged browser request carries: an origin, fetch metadata, a token and cookies, all made up. */
export const forgedBrowserHeaders = fc.record(
  { origin: headerValue, 'sec-fetch-site': headerValue, 'x-xsrf-token': headerValue, cookie: headerValue },
  { requiredKeys: [] },
);
