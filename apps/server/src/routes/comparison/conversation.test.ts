// Conversations on both sides, over real HTTP against the simulator: the exact history each kind is
// sent on turns 2 and 3, one side only, a side failing on one turn, the free cap per turn, the
// limits, someone else's conversation, and the stream's start naming the turn.
import { API_ROUTES, BLIND_CONVERSATION_MESSAGES, CONVERSATION_MESSAGES, logDownloadPath, type TLogExportEntry, describeServiceError, MESSAGES, STREAM_CONTENT_TYPE, ZPairResponse, type TServiceResult } from '@promptpair/contract';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { subscribe, SUBSCRIBER_KEYS } from '../../services/batch/test/batch-fixtures.ts';
import { callsTo, messageOf, sendTurn as send, startConversationServer, useConversationServer } from '../../test/conversation-server.ts';
import { captureLog } from '../../test/outage-checks.ts';
import { readEvents, type ReceivedEvent } from '../../test/event-stream-reader.ts';

const running = useConversationServer();

const lastCall = (service: string, path: RegExp = /./) => callsTo(running.server, service, path).at(-1);

describe('follow-up turns of a general pair', () => {
  it('sends OpenAI and Anthropic each its own history: assistant turns, Anthropic’s system apart', async () => {
    const client = running.server.client();
    const first = await send(client, {
      prompt: 'Name a colour.',
      sides: {
        a: { service: 'chatgpt', messages: [{ role: 'system', content: 'Be brief.' }] },
        b: { service: 'claude', messages: [{ role: 'system', content: 'Be kind.' }, { role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello' }] },
      },
    });
    expect(first.status).toBe(200);
    expect(ZPairResponse.parse(first.body)).toBeTruthy();
    expect(first.body.conversationId).toBe(first.body.logId);
    expect(first.body.turn).toBe(1);
    const [a1, b1] = [messageOf(first.body.a), messageOf(first.body.b)];

    const second = await send(client, { conversationId: first.body.conversationId, prompt: 'Another one?' });
    expect(second.status).toBe(200);
    expect(Object.keys(second.body)).toEqual(['a', 'b', 'sides', 'logId', 'conversationId', 'turn']);
    expect(second.body).toMatchObject({ conversationId: first.body.conversationId, turn: 2, sides: first.body.sides });
    expect(second.body.logId).not.toBe(first.body.logId);
    expect((lastCall('openai') as { messages: unknown }).messages).toEqual([
      { role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Name a colour.' }, { role: 'assistant', content: a1 }, { role: 'user', content: 'Another one?' },
    ]);
    expect(lastCall('anthropic')).toMatchObject({
      system: 'Be kind.',
      messages: [
        { role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello' }, { role: 'user', content: 'Name a colour.' }, { role: 'assistant', content: b1 }, { role: 'user', content: 'Another one?' },
      ],
    });
    const [a2, b2] = [messageOf(second.body.a), messageOf(second.body.b)];

    const third = await send(client, { conversationId: first.body.conversationId, prompt: 'And a third?' });
    expect(third.body.turn).toBe(3);
    expect((lastCall('openai') as { messages: unknown }).messages).toEqual([
      { role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Name a colour.' }, { role: 'assistant', content: a1 },
      { role: 'user', content: 'Another one?' }, { role: 'assistant', content: a2 }, { role: 'user', content: 'And a third?' },
    ]);
    expect((lastCall('anthropic') as { messages: unknown }).messages).toEqual([
      { role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello' }, { role: 'user', content: 'Name a colour.' }, { role: 'assistant', content: b1 },
      { role: 'user', content: 'Another one?' }, { role: 'assistant', content: b2 }, { role: 'user', content: 'And a third?' },
    ]);

    // The turn limit (3 here) is refused before anything is sent or counted.
    const fourth = await send(client, { conversationId: first.body.conversationId, prompt: 'A fourth?' });
    expect(fourth.status).toBe(422);
    expect(fourth.body.message).toBe(CONVERSATION_MESSAGES.tooManyTurns(3));
    expect(running.server.fake.requests.filter((r) => r.method === 'POST' && /A fourth/.test(JSON.stringify(r.body)))).toEqual([]);
    // Each turn was one free prompt: three used of four, so one comparison more, then the cap.
    expect((await send(client, { prompt: 'Fresh', sides: { a: { service: 'chatgpt' }, b: { service: 'claude' } } })).status).toBe(200);
    const capped = await send(client, { prompt: 'Over', sides: { a: { service: 'chatgpt' }, b: { service: 'claude' } } });
    expect(capped.status).toBe(429);
    expect(capped.body.message).toBe(MESSAGES.freeCapReached);
  });

  it('sends Gemini model turns and a compatible service assistant turns', async () => {
    const client = running.server.client();
    const first = await send(client, { prompt: 'Name a colour.', sides: { a: { service: 'palm' }, b: { service: 'router' } } });
    const [a1, b1] = [messageOf(first.body.a), messageOf(first.body.b)];
    const second = await send(client, { conversationId: first.body.conversationId, prompt: 'Another one?' });
    const [a2, b2] = [messageOf(second.body.a), messageOf(second.body.b)];
    await send(client, { conversationId: first.body.conversationId, prompt: 'And a third?' });
    expect((lastCall('gemini', /generateContent/i) as { contents: unknown }).contents).toEqual([
      { role: 'user', parts: [{ text: 'Name a colour.' }] }, { role: 'model', parts: [{ text: a1 }] },
      { role: 'user', parts: [{ text: 'Another one?' }] }, { role: 'model', parts: [{ text: a2 }] },
      { role: 'user', parts: [{ text: 'And a third?' }] },
    ]);
    expect((lastCall('compat/router') as { messages: unknown }).messages).toEqual([
      { role: 'user', content: 'Name a colour.' }, { role: 'assistant', content: b1 },
      { role: 'user', content: 'Another one?' }, { role: 'assistant', content: b2 },
      { role: 'user', content: 'And a third?' },
    ]);
  });

  it('sends PaLM author turns, and a side asked alone leaves the other’s history without that turn', async () => {
    const client = running.server.client();
    const palm = { service: 'palm', model: 'chat-bison-001', apiKey: 'AIza-visitor-0001', messages: [{ role: 'system', content: 'Be brief.' }] };
    const first = await send(client, { prompt: 'Name a colour.', sides: { a: palm, b: { service: 'chatgpt' } } });
    const [a1, b1] = [messageOf(first.body.a), messageOf(first.body.b)];
    const keys = { apiKeys: { a: 'AIza-visitor-0001' } };
    const second = await send(client, { conversationId: first.body.conversationId, prompt: 'Only to PaLM?', only: 'a', ...keys });
    expect(second.status).toBe(200);
    expect(second.body.b).toMatchObject({ message: null, errorMsg: null, skipped: true });
    expect(running.server.fake.requests.filter((r) => r.service === 'openai' && r.method === 'POST' && /Only to PaLM/.test(JSON.stringify(r.body)))).toEqual([]);
    const a2 = messageOf(second.body.a);
    await send(client, { conversationId: first.body.conversationId, prompt: 'And a third?', ...keys });
    expect((lastCall('palm', /generateMessage/) as { prompt: unknown }).prompt).toEqual({
      context: 'Be brief.',
      messages: [
        { author: 'user', content: 'Name a colour.' }, { author: 'model', content: a1 },
        { author: 'user', content: 'Only to PaLM?' }, { author: 'model', content: a2 },
        { author: 'user', content: 'And a third?' },
      ],
    });
    expect((lastCall('openai') as { messages: unknown }).messages).toEqual([
      { role: 'user', content: 'Name a colour.' }, { role: 'assistant', content: b1 }, { role: 'user', content: 'And a third?' },
    ]);
  });

  it('keeps the other side when one fails on turn 2, and leaves the failed exchange out of that side’s turn 3', async () => {
    const client = running.server.client();
    const first = await send(client, { prompt: 'Name a colour.', sides: { a: { service: 'claude' }, b: { service: 'router' } } });
    const [a1, b1] = [messageOf(first.body.a), messageOf(first.body.b)];
    const second = await send(client, { conversationId: first.body.conversationId, prompt: 'Another one?', apiKeys: { a: 'bad-key-0000' } });
    expect(second.body.a.errorMsg).toBe(describeServiceError('Claude', 'upstream_auth', { model: 'claude-haiku-5-5' }));
    const b2 = messageOf(second.body.b);
    await send(client, { conversationId: first.body.conversationId, prompt: 'And a third?' });
    expect((lastCall('anthropic') as { messages: unknown }).messages).toEqual([
      { role: 'user', content: 'Name a colour.' }, { role: 'assistant', content: a1 }, { role: 'user', content: 'And a third?' },
    ]);
    expect((lastCall('compat/router') as { messages: unknown }).messages).toEqual([
      { role: 'user', content: 'Name a colour.' }, { role: 'assistant', content: b1 },
      { role: 'user', content: 'Another one?' }, { role: 'assistant', content: b2 }, { role: 'user', content: 'And a third?' },
    ]);
  });

  it('refuses a history past the length limit, naming the side, and takes the other side alone', async () => {
    const client = running.server.client();
    const long = { role: 'system', content: 'x'.repeat(2500) };
    const first = await send(client, { prompt: 'Name a colour.', sides: { a: { service: 'chatgpt', messages: [long] }, b: { service: 'router' } } });
    expect(first.status).toBe(200);
    const both = await send(client, { conversationId: first.body.conversationId, prompt: 'y'.repeat(400) });
    expect(both.status).toBe(422);
    expect(both.body.message).toBe(CONVERSATION_MESSAGES.tooLong('a', 3000));
    const alone = await send(client, { conversationId: first.body.conversationId, prompt: 'y'.repeat(400), only: 'b' });
    expect(alone.status).toBe(200);
    expect(alone.body.turn).toBe(2);
  });

  it('runs a subscriber’s follow-up on the saved key, as the first turn, and never echoes a key', async () => {
    const client = await subscribe(running.server.client({ browser: true }), 'conversation@example.com');
    const first = await send(client, { prompt: 'Name a colour.', sides: { a: { service: 'chatgpt' }, b: { service: 'router' } } });
    const second = await send(client, { conversationId: first.body.conversationId, prompt: 'Another one?' });
    expect(second.status).toBe(200);
    const call = running.server.fake.requests.filter((r) => r.service === 'openai' && r.method === 'POST').at(-1)!;
    expect(call.headers.authorization).toBe(`Bearer ${SUBSCRIBER_KEYS.chatgpt_key}`);
    expect(second.text).not.toContain(SUBSCRIBER_KEYS.chatgpt_key);
  });

  it('answers the second of two follow-ups sent at once 409, before anything is sent or counted, so the history stays one line', async () => {
    const client = running.server.client();
    const first = await send(client, { prompt: 'Name a colour.', sides: { a: { service: 'chatgpt' }, b: { service: 'router' } } });
    const both = await Promise.all(['Left?', 'Right?'].map((prompt) => send(client, { conversationId: first.body.conversationId, prompt })));
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(both.find((answer) => answer.status === 200)?.body.turn).toBe(2);
    const refused = both.find((answer) => answer.status === 409)!;
    expect(refused.body.message).toBe(CONVERSATION_MESSAGES.turnInProgress);
    const refusedPrompt = refused === both[0] ? 'Left?' : 'Right?';
    expect(running.server.fake.requests.filter((r) => r.method === 'POST' && JSON.stringify(r.body).includes(refusedPrompt))).toEqual([]);
    const third = await send(client, { conversationId: first.body.conversationId, prompt: 'And a third?' });
    expect(third.body.turn).toBe(3);
    const history = (lastCall('openai') as { messages: { role: string; content: string }[] }).messages;
    expect(history.filter((message) => message.role === 'user').map((message) => message.content)).toHaveLength(3);
    // Three turns answered, so one free prompt of four is left: the refused one was not counted.
    expect((await send(client, { prompt: 'Fresh', sides: { a: { service: 'chatgpt' }, b: { service: 'router' } } })).status).toBe(200);
  });

  it('refuses an open follow-up to a blind conversation before its reveal: its answer would name the sides', async () => {
    const client = running.server.client();
    const blind = await client.post<{ conversationId: string }>(API_ROUTES.blindComparison, { prompt: 'Blind', sides: { a: { service: 'chatgpt' }, b: { service: 'router' } } });
    expect(blind.status).toBe(200);
    const followUp = await send(client, { conversationId: blind.body.conversationId, prompt: 'Who are you?' });
    expect(followUp.status).toBe(409);
    expect(followUp.body.message).toBe(BLIND_CONVERSATION_MESSAGES.pending);
    expect(running.server.fake.requests.filter((r) => r.method === 'POST' && /Who are you/.test(JSON.stringify(r.body)))).toEqual([]);
  });

  it('answers 404 for a conversation that is not the visitor’s, and 422 for a malformed id', async () => {
    const first = await send(running.server.client(), { prompt: 'Mine', sides: { a: { service: 'chatgpt' }, b: { service: 'router' } } });
    const stranger = await send(running.server.client(), { conversationId: first.body.conversationId, prompt: 'Yours?' });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe(CONVERSATION_MESSAGES.notFound);
    const unknown = await send(running.server.client(), { conversationId: '00000000-0000-4000-8000-000000000000', prompt: 'Hello?' });
    expect(unknown.status).toBe(404);
    const malformed = await send(running.server.client(), { conversationId: 'nope', prompt: 'Hello?' });
    expect(malformed.status).toBe(422);
    expect(malformed.body.message).toBe('The conversation id must be one this site gave.');
    const badSide = await send(running.server.client(), { conversationId: first.body.conversationId, prompt: 'Hello?', only: 'c' });
    expect(badSide.status).toBe(422);
    expect(badSide.body.message).toBe('only must be a or b.');
  });

  it('downloads each turn with its conversation id, turn number and choice, in the JSON and in the CSV’s last three columns', async () => {
    const client = running.server.client();
    const logged = { logOutput: true };
    const first = await send(client, { prompt: 'Turn one', sides: { a: { service: 'chatgpt', ...logged }, b: { service: 'router', ...logged } } });
    await send(client, { conversationId: first.body.conversationId, prompt: 'Turn two', carry: 'a' });
    await send(client, { conversationId: first.body.conversationId, regenerate: 'b' });
    const spec = await client.post<{ conversationId: string }>(API_ROUTES.getChatData, { prompt: 'Spec', chatGPT: logged, bardAPI: logged });
    const id = first.body.conversationId;
    const json = (await client.get<TLogExportEntry[]>(logDownloadPath('json'))).body;
    expect(json.map((entry) => JSON.stringify([entry.prompt, entry.conversationId, entry.turn, entry.choice])).sort().map((text) => JSON.parse(text) as unknown)).toEqual([
      ['Spec', spec.body.conversationId, 1, null], ['Turn one', id, 1, null],
      ['Turn two', id, 2, { kind: 'carry', side: 'a' }], ['Turn two', id, 2, { kind: 'regenerate', side: 'b' }],
    ]);
    expect(json.find((entry) => entry.choice?.kind === 'carry')?.chatGPT?.message).toBeTruthy();
    expect(json.find((entry) => entry.choice?.kind === 'regenerate')?.palmAPI?.message).toBeTruthy();
    const rows: string[][] = parse((await client.get(logDownloadPath('csv'))).text, { bom: true });
    expect(rows[0]!.slice(-4)).toEqual(['side_b_model', 'conversation_id', 'turn', 'turn_choice']);
    expect(rows.slice(1).map((row) => [row[1], ...row.slice(-3)]).sort()).toEqual([
      ['Spec', spec.body.conversationId, '1', ''], ['Turn one', id, '1', ''], ['Turn two', id, '2', 'carry a'], ['Turn two', id, '2', 'regenerate b'],
    ]);
  });

  it('streams a follow-up: the start names the conversation and turn, a side not asked is done at once', async () => {
    const client = running.server.client();
    const first = await send(client, { prompt: 'Name a colour.', sides: { a: { service: 'chatgpt' }, b: { service: 'router' } } });
    const response = await client.send('POST', API_ROUTES.getChatData, { conversationId: first.body.conversationId, prompt: 'Another one?', only: 'a' }, { accept: STREAM_CONTENT_TYPE });
    const events: ReceivedEvent[] = [];
    for await (const event of readEvents(response)) events.push(event);
    expect(events[0]).toMatchObject({ event: 'start', data: { conversationId: first.body.conversationId, turn: 2, sides: first.body.sides } });
    const done = (side: string) => (events.find((e) => e.event === 'done' && (e.data as { side: string }).side === side)?.data as { result: TServiceResult }).result;
    expect(done('a').message).toBeTruthy();
    expect(done('b')).toMatchObject({ skipped: true, message: null });
    expect(events.at(-1)?.event).toBe('end');
    expect(running.server.fake.requests.filter((r) => r.service === 'compat/router' && r.method === 'POST' && /Another one/.test(JSON.stringify(r.body)))).toEqual([]);
  });
});

describe('follow-ups on two instances of one database', () => {
  it('keeps one of two follow-ups answered at once as the turn, the other shown unsaved and logged as a warning, not an error', async () => {
    const logs = [captureLog(), captureLog()] as const;
    const first = await startConversationServer({ logStream: logs[0].stream });
    const second = await startConversationServer({ logStream: logs[1].stream, fake: first.fake, env: { DATA_DIR: first.dataDir } });
    try {
      const here = first.client();
      const opened = await send(here, { prompt: 'Name a colour.', sides: { a: { service: 'chatgpt' }, b: { service: 'router' } } });
      const there = second.client();
      for (const [name, value] of here.cookies) there.cookies.set(name, value);
      // Both read the same history before either is written.
      for (const service of ['openai', 'compat/router'] as const) first.fake.script(service, { latencyMs: 300 }, 2);
      const both = await Promise.all([send(here, { conversationId: opened.body.conversationId, prompt: 'Left?' }), send(there, { conversationId: opened.body.conversationId, prompt: 'Right?' })]);
      expect(both.map((answer) => answer.status)).toEqual([200, 200]);
      const kept = both.filter((answer) => answer.body.logId !== null);
      expect(kept.map((answer) => answer.body.turn)).toEqual([2]);
      const unsaved = both.find((answer) => answer.body.logId === null)!.body;
      expect(unsaved).toMatchObject({ unsaved: true });
      expect(unsaved).not.toHaveProperty('conversationId');
      messageOf(unsaved.a);
      const lines = [...logs[0].lines, ...logs[1].lines];
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
      expect(lines.filter((line) => line.level === 40 && /another turn of the conversation was written first/.test(line.msg))).toHaveLength(1);
      const third = await send(here, { conversationId: opened.body.conversationId, prompt: 'And a third?' });
      expect(third.body.turn).toBe(3);
      const history = (callsTo(first, 'openai').at(-1) as { messages: { role: string }[] }).messages;
      expect(history.filter((message) => message.role === 'user')).toHaveLength(3);
    } finally {
      await second.close();
      await first.close();
      await first.fake.close();
    }
  });
});
