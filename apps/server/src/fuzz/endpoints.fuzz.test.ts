import http from 'node:http';
import { API_ROUTES, BATCH_ROUTES, PROBE_ROUTES, ZApiError, type TBatchJob, type TSavedComparisonResponse, type TShareResponse } from '@promptpair/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIBER_KEYS } from '../services/batch/test/batch-fixtures.ts';
import { DATABASES, startServerOn, type ServerOnDatabase } from '../test/both-databases.ts';
import { bodyLike, bodyText, forgedBrowserHeaders, nearlyValid, pathParam, queryString, requestHeaders } from './hostile.ts';

// Every endpoint, fed hostile bodies, headers, paths and queries over real keep-alive HTTP: each
// answer is the route's normal 2xx or a 4xx in the one error shape, never a 5xx, and the server
// keeps answering. Comparisons reach the fake upstream, never the network. Run on both databases.

const RUNS_PER_ROUTE = 200;
const CHAT_FIELDS = ['model', 'messages', 'temperature', 'top_p', 'frequencyPenalty', 'presencePenalty', 'maxLength', 'apiKey', 'logOutput'];
const BARD_FIELDS = ['model', 'messages', 'temperature', 'candidateCount', 'maxOutputTokens', 'topP', 'topK', 'apiKey', 'logOutput'];
const settings = { chatGPT: CHAT_FIELDS, bardAPI: BARD_FIELDS };

const text = fc.string({ minLength: 1, maxLength: 40 }).filter((value) => value.trim() !== '' && !value.includes('\u0000'));
const email = fc.constantFrom('a@b.co', 'someone@example.com', 'X@Y.ORG');
const either = (a: fc.Arbitrary<unknown>, b: fc.Arbitrary<unknown>) => fc.oneof(a, b);

interface Known {
  logId: string[];
  hash: string[];
  batchId: string[];
  line: string[];
  service: string[];
  conversationId: string[];
}
/** The conversation each database's run seeds (the latest is the running one's): body fields cannot read `known`. */
const seededConversations: string[] = [];
interface FuzzRoute {
  method: string;
  path: string;
  params?: Record<string, keyof Known>;
  query?: string[];
  body?: fc.Arbitrary<unknown>;
}

/** Every route the app registers (API_ROUTES, BATCH_ROUTES, PROBE_ROUTES); the deleting ones last. */
const ROUTES: FuzzRoute[] = [
  { method: 'GET', path: API_ROUTES.session },
  { method: 'GET', path: API_ROUTES.getApiKey },
  { method: 'GET', path: API_ROUTES.listModelsChatgpt },
  { method: 'GET', path: API_ROUTES.listModelsPalmapi },
  {
    method: 'POST',
    path: API_ROUTES.getChatData,
    body: either(
      bodyLike(['prompt', 'chatGPT', 'bardAPI'], settings),
      nearlyValid(fc.record({ prompt: text, chatGPT: fc.record({ temperature: fc.double({ min: 0, max: 2, noNaN: true }), logOutput: fc.boolean() }) })),
    ),
  },
  // A follow-up turn: hostile fields, or a nearly valid turn of the seeded conversation.
  {
    method: 'POST',
    path: API_ROUTES.getChatData,
    body: either(
      bodyLike(['conversationId', 'prompt', 'only', 'apiKeys']),
      nearlyValid(fc.record({ conversationId: fc.constant(null).map(() => seededConversations.at(-1)), prompt: text, only: fc.constantFrom('a', 'b') })),
    ),
  },
  { method: 'POST', path: API_ROUTES.shareLink, body: bodyLike(['logId']) },
  { method: 'POST', path: API_ROUTES.blindComparison, body: bodyLike(['prompt', 'chatGPT', 'bardAPI'], settings) },
  { method: 'POST', path: API_ROUTES.blindVote, params: { logId: 'logId' }, body: either(bodyLike(['choice']), nearlyValid(fc.record({ choice: fc.constantFrom('a', 'b', 'tie', 'both_bad') }))) },
  { method: 'GET', path: API_ROUTES.scoreboard },
  { method: 'GET', path: API_ROUTES.sharedChat, params: { hash: 'hash' } },
  { method: 'GET', path: API_ROUTES.logDetails, query: ['limit', 'cursor'] },
  { method: 'GET', path: API_ROUTES.logDownload, query: ['format'] },
  { method: 'POST', path: API_ROUTES.contactUs, body: either(bodyLike(['email', 'message']), nearlyValid(fc.record({ email, message: fc.constant('A message long enough.') }))) },
  {
    method: 'POST',
    path: API_ROUTES.key,
    body: either(bodyLike(['chatgpt_key', 'palmapi_key', 'email']), nearlyValid(fc.record({ chatgpt_key: text, palmapi_key: text, email }))),
  },
  { method: 'GET', path: API_ROUTES.serviceKeys },
  { method: 'PUT', path: API_ROUTES.serviceKey, params: { service: 'service' }, body: either(bodyLike(['key']), nearlyValid(fc.record({ key: text }))) },
  { method: 'DELETE', path: API_ROUTES.serviceKey, params: { service: 'service' } },
  { method: 'POST', path: BATCH_ROUTES.upload, body: bodyLike(['filename', 'content', 'chatGPT', 'bardAPI'], settings) },
  { method: 'GET', path: BATCH_ROUTES.latest },
  { method: 'GET', path: BATCH_ROUTES.job, params: { id: 'batchId' } },
  { method: 'GET', path: BATCH_ROUTES.results, params: { id: 'batchId' }, query: ['format'] },
  { method: 'GET', path: BATCH_ROUTES.summary, params: { id: 'batchId' } },
  { method: 'GET', path: BATCH_ROUTES.items, params: { id: 'batchId' }, query: ['page'] },
  {
    method: 'POST',
    path: BATCH_ROUTES.itemVote,
    params: { id: 'batchId', line: 'line' },
    body: either(bodyLike(['choice']), nearlyValid(fc.record({ choice: fc.constantFrom('a', 'b', 'tie', 'both_bad') }))),
  },
  { method: 'POST', path: BATCH_ROUTES.cancel, params: { id: 'batchId' }, body: bodyLike([]) },
  { method: 'GET', path: API_ROUTES.myData },
  { method: 'GET', path: API_ROUTES.myDataDownload },
  { method: 'GET', path: PROBE_ROUTES.healthz },
  { method: 'GET', path: PROBE_ROUTES.readyz },
  { method: 'DELETE', path: API_ROUTES.myDataComparison, params: { logId: 'logId' } },
  { method: 'DELETE', path: API_ROUTES.myDataConversation, params: { conversationId: 'conversationId' } },
  { method: 'DELETE', path: API_ROUTES.myData },
];

interface Answer {
  status: number;
  text: string;
}

describe.each(DATABASES)('hostile requests to every endpoint, on %s', (kind) => {
  let target: ServerOnDatabase;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const known: Known = { logId: [], hash: [], batchId: [], line: ['1', '2'], service: ['chatgpt', 'palm', 'claude'], conversationId: [] };
  /** An established visitor: its cookies and token, so some requests reach owners' code paths. */
  let session: Record<string, string> = {};

  function send(method: string, path: string, headers: Record<string, string>, body: string | undefined): Promise<Answer> {
    const { hostname, port } = new URL(target.server.url);
    return new Promise((resolve, reject) => {
      const request = http.request({ agent, hostname, port, method, path, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      });
      request.on('error', reject);
      // Framed explicitly: Node's client sends a DELETE or OPTIONS body without Content-Length.
      if (body !== undefined) request.setHeader('content-length', Buffer.byteLength(body));
      request.end(body);
    });
  }

  beforeAll(async () => {
    target = await startServerOn(kind, { RATE_LIMITS: 'off', FREE_PROMPTS: '100000', FREE_PROMPTS_PER_IP: '0' });
    const visitor = target.server.client({ browser: true });
    await visitor.get(API_ROUTES.session);
    const compared = await visitor.post<TSavedComparisonResponse>(API_ROUTES.getChatData, { prompt: 'fuzz seed', chatGPT: { logOutput: true } });
    known.logId.push(compared.body.logId);
    const conversation = await visitor.post<{ conversationId: string }>(API_ROUTES.getChatData, { prompt: 'fuzz seed', sides: { a: { service: 'chatgpt' }, b: { service: 'palm' } } });
    seededConversations.push(conversation.body.conversationId);
    known.conversationId.push(conversation.body.conversationId);
    const shared = await visitor.post<TShareResponse>(API_ROUTES.shareLink, { logId: compared.body.logId });
    known.hash.push(shared.body.url.slice(shared.body.url.lastIndexOf('/') + 1));
    await visitor.post(API_ROUTES.key, { ...SUBSCRIBER_KEYS, email: `fuzz-${kind}@example.com` });
    const run = await visitor.post<TBatchJob>(BATCH_ROUTES.upload, { filename: 'seed.txt', content: 'one\ntwo' });
    known.batchId.push(run.body.id);
    session = {
      cookie: [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      origin: target.server.url,
      'x-xsrf-token': decodeURIComponent(visitor.cookies.get('XSRF-TOKEN') ?? ''),
    };
  });
  afterAll(async () => {
    agent.destroy();
    await target.close();
  });

  for (const route of ROUTES) {
    it(`${route.method} ${route.path}`, { timeout: 60_000 }, async () => {
      const params = Object.entries(route.params ?? {});
      const path = fc
        .tuple(fc.tuple(...params.map(([, source]) => pathParam(() => known[source]))), queryString(route.query ?? []))
        .map(([values, query]) => params.reduce((built, [name], index) => built.replace(`:${name}`, () => values[index] ?? ''), route.path) + query);
      const request = fc.record({
        method: fc.oneof({ weight: 8, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS') }),
        path,
        // A script (no cookies, no origin), the established visitor's browser, or a forged browser request.
        caller: fc.constantFrom('script', 'visitor', 'forged'),
        headers: requestHeaders,
        forged: forgedBrowserHeaders,
        body: bodyText(route.body ?? bodyLike([])),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ method, path: url, caller, headers, forged, body }) => {
          const sent = { ...headers, ...(caller === 'visitor' ? session : {}), ...(caller === 'forged' ? forged : {}) };
          const answer = await send(method, url, sent, method === 'GET' || method === 'HEAD' ? undefined : body);
          expect(answer.status, answer.text).toBeGreaterThanOrEqual(200);
          expect(answer.status, answer.text).toBeLessThan(500);
          if (answer.status >= 400 && method !== 'HEAD') {
            const parsed = ZApiError.safeParse(JSON.parse(answer.text));
            expect(parsed.success, answer.text).toBe(true);
            expect(parsed.data?.message.length).toBeGreaterThan(0);
          }
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
      expect((await send('GET', PROBE_ROUTES.readyz, {}, undefined)).status).toBe(200);
    });
  }
});
