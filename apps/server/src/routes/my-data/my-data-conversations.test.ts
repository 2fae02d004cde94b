// "Your data" lists a conversation once (first prompt, turns, dates) and deletes it whole: every
// turn, its share link and its votes; another visitor's attempt is a 404 and leaves it standing.
import { API_ROUTES, myDataConversationPath, sharedChatApiPath, type TMyData, type TMyDataExport, type TPairResponse, type TShareResponse } from '@promptpair/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServerOn, type ServerOnDatabase } from '../../test/both-databases.ts';

const SIDES = { a: { service: 'chatgpt', model: 'gpt-4o', logOutput: true }, b: { service: 'palm', logOutput: true } };

describe.each(DATABASES)('a conversation in your data, on %s', (kind) => {
  let target: ServerOnDatabase;
  beforeAll(async () => {
    target = await startServerOn(kind, { RATE_LIMITS: 'off', FREE_PROMPTS: '100', FREE_PROMPTS_PER_IP: '0' });
  });
  afterAll(() => target.close());

  it('is listed once with its first prompt and turns, and deleting it removes every turn, its share and nothing else', async () => {
    const visitor = target.server.client({ browser: true });
    await visitor.get(API_ROUTES.session);
    const single = await visitor.post<TPairResponse>(API_ROUTES.getChatData, { prompt: 'A single one.', chatGPT: { logOutput: true } });
    const first = await visitor.post<TPairResponse>(API_ROUTES.getChatData, { prompt: 'First of three.', sides: SIDES });
    const id = first.body.conversationId!;
    for (const prompt of ['Second.', 'Third.']) expect((await visitor.post(API_ROUTES.getChatData, { conversationId: id, prompt })).status).toBe(200);
    const shared = await visitor.post<TShareResponse>(API_ROUTES.shareLink, { logId: first.body.logId });
    const hash = new URL(shared.body.url).pathname.split('/').pop()!;

    const listed = (await visitor.get<TMyData>(API_ROUTES.myData)).body;
    expect(listed.comparisons.total).toBe(4);
    expect(listed.comparisons.latest.map((c) => c.prompt)).toEqual(['A single one.']);
    expect(listed.conversations).toEqual([
      { id, prompt: 'First of three.', turns: 3, created_at: expect.any(String), last_at: expect.any(String), shared: true },
    ]);
    expect(listed.conversations[0]!.last_at >= listed.conversations[0]!.created_at).toBe(true);

    // The download names each turn's conversation and number (the spec's body starts a conversation too).
    const exported = (await visitor.get<TMyDataExport>(API_ROUTES.myDataDownload)).body;
    expect(exported.comparisons.map((c) => [c.prompt, c.conversation])).toEqual([
      ['A single one.', { id: single.body.logId, turn: 1 }],
      ['First of three.', { id, turn: 1 }],
      ['Second.', { id, turn: 2 }],
      ['Third.', { id, turn: 3 }],
    ]);

    // Someone else cannot delete it, and cannot tell it exists.
    const stranger = target.server.client({ browser: true });
    await stranger.get(API_ROUTES.session);
    expect((await stranger.request('DELETE', myDataConversationPath(id))).status).toBe(404);
    expect((await target.server.client().get(sharedChatApiPath(hash))).status).toBe(200);

    expect((await visitor.request('DELETE', myDataConversationPath(id))).status).toBe(204);
    expect((await target.server.client().get(sharedChatApiPath(hash))).status).toBe(404);
    const db = target.server.composed.db;
    expect(await db.selectFrom('logs').select('id').where('conversation_id', '=', id).execute()).toEqual([]);
    expect(await db.selectFrom('shares').select('hash').where('hash', '=', hash).execute()).toEqual([]);
    const after = (await visitor.get<TMyData>(API_ROUTES.myData)).body;
    expect(after.conversations).toEqual([]);
    expect(after.comparisons.latest.map((c) => c.id)).toEqual([single.body.logId]);
    // A follow-up to it now finds nothing; deleting again is a 404.
    expect((await visitor.post(API_ROUTES.getChatData, { conversationId: id, prompt: 'Still there?' })).status).toBe(404);
    expect((await visitor.request('DELETE', myDataConversationPath(id))).status).toBe(404);
  });
});
