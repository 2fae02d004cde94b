// Log Details groups a conversation: one entry, its turns together (newest first) at the place of its
// latest turn, counted as one entry by ?limit= and never split or repeated across pages.
import { API_ROUTES, NEXT_CURSOR_HEADER, type TLogRecord, type TPairResponse } from '@promptpair/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServerOn, type ServerOnDatabase } from '../../test/both-databases.ts';
import type { TestClient } from '../../test/test-client.ts';

const SIDES = { a: { service: 'chatgpt', model: 'gpt-4o', logOutput: true }, b: { service: 'palm', logOutput: true } };
const start = async (visitor: TestClient, prompt: string) => (await visitor.post<TPairResponse>(API_ROUTES.getChatData, { prompt, sides: SIDES })).body.conversationId!;
const follow = async (visitor: TestClient, conversationId: string, prompt: string) => {
  const { status } = await visitor.post<TPairResponse>(API_ROUTES.getChatData, { conversationId, prompt });
  expect(status).toBe(200);
};
const single = (visitor: TestClient, prompt: string) => visitor.post(API_ROUTES.getChatData, { prompt, chatGPT: { logOutput: true }, bardAPI: { logOutput: true } });

/** Each record as [prompt, turn], the turn absent for a single comparison. */
const shape = (records: TLogRecord[]) => records.map((record) => [record.prompt_message, record.conversation?.turn]);

async function page(visitor: TestClient, limit: number, cursor?: string) {
  const response = await visitor.get<TLogRecord[]>(`${API_ROUTES.logDetails}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
  expect(response.status).toBe(200);
  return { records: response.body, next: response.headers.get(NEXT_CURSOR_HEADER) ?? undefined };
}

describe.each(DATABASES)('GET /log-details with conversations, on %s', (kind) => {
  let target: ServerOnDatabase;
  const server = { client: () => target.server.client() };
  beforeAll(async () => {
    target = await startServerOn(kind, { RATE_LIMITS: 'off', FREE_PROMPTS: '100', FREE_PROMPTS_PER_IP: '0' });
  });
  afterAll(() => target.close());

  it('lists each conversation once, its turns together where its latest turn falls, and pages by entry', async () => {
    const visitor = server.client();
    await single(visitor, 'oldest single');
    const c = await start(visitor, 'C1');
    const d = await start(visitor, 'D1');
    await single(visitor, 'middle single');
    await follow(visitor, c, 'C2');
    await follow(visitor, d, 'D2');
    await follow(visitor, c, 'C3');

    const expected = [['C3', 3], ['C2', 2], ['C1', 1], ['D2', 2], ['D1', 1], ['middle single', undefined], ['oldest single', undefined]];
    const whole = await page(visitor, 100);
    expect(shape(whole.records)).toEqual(expected);
    expect(whole.next).toBeUndefined();
    expect(new Set(whole.records.filter((r) => r.conversation).map((r) => r.conversation!.id))).toEqual(new Set([c, d]));

    // One entry per page: a conversation arrives whole, and nothing comes twice.
    const seen: TLogRecord[][] = [];
    let cursor: string | undefined;
    do {
      const next = await page(visitor, 1, cursor);
      seen.push(next.records);
      cursor = next.next;
    } while (cursor);
    expect(seen.map(shape)).toEqual([expected.slice(0, 3), expected.slice(3, 5), [expected[5]], [expected[6]]]);

    // Another visitor sees none of it.
    expect((await page(server.client(), 100)).records).toEqual([]);
  });

  it('leaves out a conversation that logs neither side', async () => {
    const visitor = server.client();
    const first = await visitor.post<TPairResponse>(API_ROUTES.getChatData, { prompt: 'Unlogged start', sides: { a: { service: 'chatgpt', model: 'gpt-4o' }, b: { service: 'palm' } } });
    await follow(visitor, first.body.conversationId!, 'Unlogged follow-up');
    // Log output is the first turn's for every turn: nothing of this conversation is in Log Details.
    expect((await page(visitor, 100)).records).toEqual([]);
  });
});
