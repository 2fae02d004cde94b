import { API_ROUTES, INVALID_INCLUDE_MESSAGE, NEXT_CURSOR_HEADER, NOT_LOGGED_SIDE, parseLogSide, type TComparisonResponse, type TLogRecord } from '@promptpair/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/test-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ FREE_PROMPTS: '100', FREE_PROMPTS_PER_IP: '0' });
});
afterAll(() => server.close());

const logBoth = { chatGPT: { logOutput: true }, bardAPI: { logOutput: true } };
const compare = async (client: TestClient, prompt: string, extra: object = logBoth) => {
  const { status, body } = await client.post<TComparisonResponse>(API_ROUTES.getChatData, { prompt, ...extra });
  expect(status).toBe(200);
  return body.logId;
};
const logDetails = (client: TestClient, query = '') => client.get<TLogRecord[]>(API_ROUTES.logDetails + query);

describe('GET /log-details', () => {
  it("answers the caller's own records only, newest first, in the docs/product.md §3 shape", async () => {
    const alice = server.client();
    const bob = server.client();
    await compare(alice, 'alice first');
    await compare(bob, 'bob only');
    await compare(alice, 'alice second');

    const { status, body, headers } = await logDetails(alice);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body.map((r) => r.prompt_message)).toEqual(['alice second', 'alice first']);
    const [latest] = body;
    expect(Object.keys(latest!).sort()).toEqual(['chatGPT_data', 'created_at', 'id', 'palm_data', 'prompt_message']);
    const chat = JSON.parse(latest!.chatGPT_data) as Record<string, unknown>;
    expect(chat).toMatchObject({ message: expect.any(String), tokens: expect.any(Number), elapsedTime: expect.any(Number) });
    expect(chat).toHaveProperty('rawOutput');
    expect(new Date(latest!.created_at).toISOString()).toBe(latest!.created_at);
    expect((await logDetails(bob)).body.map((r) => r.prompt_message)).toEqual(['bob only']);
  });

  it('answers an empty array to a visitor with no logs', async () => {
    const { status, body } = await logDetails(server.client());
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });

  it('pages with limit and cursor, the cursor travelling in a header', async () => {
    const visitor = server.client();
    for (let i = 1; i <= 5; i++) await compare(visitor, `page ${i}`);
    const seen: string[] = [];
    let query = '?limit=2';
    for (let page = 0; page < 3; page++) {
      const { body, headers } = await logDetails(visitor, query);
      expect(Array.isArray(body)).toBe(true);
      seen.push(...body.map((r) => r.prompt_message));
      const next = headers.get(NEXT_CURSOR_HEADER);
      if (page < 2) expect(next).toEqual(expect.any(String));
      else expect(next).toBeNull();
      query = `?limit=2&cursor=${encodeURIComponent(next ?? '')}`;
    }
    expect(seen).toEqual(['page 5', 'page 4', 'page 3', 'page 2', 'page 1']);
  });

  it('refuses a bad limit or a forged cursor with 422', async () => {
    const visitor = server.client();
    expect((await logDetails(visitor, '?limit=0')).status).toBe(422);
    expect((await logDetails(visitor, '?limit=abc')).status).toBe(422);
    const forged = await logDetails(visitor, '?cursor=not-a-cursor');
    expect(forged.status).toBe(422);
    expect(forged.body).toMatchObject({ code: 'validation_failed', errors: { cursor: ['cursor is not valid.'] } });
  });
});

describe('GET /log-details?include=settings', () => {
  const visitorKey = 'sk-visitor-log-settings-1';
  const sent = { chatGPT: { model: 'gpt-4o-mini', temperature: 0.3, apiKey: visitorKey, logOutput: true }, bardAPI: { topK: 5, logOutput: true } };

  it('adds what each side was sent with, never a key or logOutput; without it the spec shape stays', async () => {
    const alice = server.client();
    const bob = server.client();
    await compare(alice, 'with settings', sent);
    await compare(bob, 'bob settings', sent);

    const { status, body, text } = await alice.get<TLogRecord[]>(`${API_ROUTES.logDetails}?include=settings`);
    expect(status).toBe(200);
    expect(body.map((r) => r.prompt_message)).toEqual(['with settings']);
    expect(body[0]!.settings).toEqual({ chatGPT: { model: 'gpt-4o-mini', temperature: 0.3 }, palmAPI: { topK: 5 } });
    expect(text).not.toContain(visitorKey);
    expect(text).not.toContain('logOutput');

    const plain = await logDetails(alice);
    expect(Object.keys(plain.body[0]!).sort()).toEqual(['chatGPT_data', 'created_at', 'id', 'palm_data', 'prompt_message']);
    expect(plain.text).not.toContain(visitorKey);
  });

  it('pages with the settings kept on every page', async () => {
    const visitor = server.client();
    await compare(visitor, 'older', sent);
    await compare(visitor, 'newer', sent);
    const first = await logDetails(visitor, '?include=settings&limit=1');
    const next = first.headers.get(NEXT_CURSOR_HEADER) ?? '';
    const second = await logDetails(visitor, `?include=settings&limit=1&cursor=${encodeURIComponent(next)}`);
    expect([...first.body, ...second.body].map((r) => [r.prompt_message, r.settings?.palmAPI])).toEqual([
      ['newer', { topK: 5 }],
      ['older', { topK: 5 }],
    ]);
  });

  it('refuses an include it does not know with 422 and a plain message', async () => {
    for (const query of ['?include=keys', '?include=', '?include=settings,keys']) {
      const { status, body } = await logDetails(server.client(), query);
      expect(status).toBe(422);
      expect(body).toMatchObject({ code: 'validation_failed', message: INVALID_INCLUDE_MESSAGE, errors: { include: [INVALID_INCLUDE_MESSAGE] } });
    }
    expect(INVALID_INCLUDE_MESSAGE).toBe('include must be one of: settings.');
  });
});

describe("the 'log output' rule (docs/decisions.md)", () => {
  it('lists a comparison only when log output was ticked for at least one service', async () => {
    const visitor = server.client();
    await compare(visitor, 'not logged', {});
    await compare(visitor, 'explicitly off', { chatGPT: { logOutput: false }, bardAPI: { logOutput: false } });
    await compare(visitor, 'palm logged', { bardAPI: { logOutput: true } });
    expect((await logDetails(visitor)).body.map((r) => r.prompt_message)).toEqual(['palm logged']);
  });

  it('withholds the answer of a service whose log output was off', async () => {
    const visitor = server.client();
    await compare(visitor, 'only chatgpt', { chatGPT: { logOutput: true } });
    const [record] = (await logDetails(visitor)).body;
    expect(parseLogSide(record!.chatGPT_data)?.message).toEqual(expect.any(String));
    expect(JSON.parse(record!.palm_data)).toEqual(NOT_LOGGED_SIDE);
    expect(parseLogSide(record!.palm_data)).toBeNull();
  });

  it('still stores an unlogged comparison so it can be shared', async () => {
    const visitor = server.client({ browser: true });
    await visitor.get(API_ROUTES.session);
    const logId = await compare(visitor, 'share me', {});
    expect((await visitor.post(API_ROUTES.shareLink, { logId })).status).toBe(200);
  });
});
