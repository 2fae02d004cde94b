// A conversation's turn choices over real HTTP against the simulator: the exact history each kind
// is sent on the turns after "carry a", "only a" and "regenerate b", the free cap counted per asked
// turn, the refusals, a side failing, and the spec's body followed up as a conversation.
import { CONVERSATION_MESSAGES, MESSAGES, STREAM_CONTENT_TYPE, ZComparisonResponse, type TPairSide, type TPairResponse, type TServiceResult, type TStreamStart } from '@promptpair/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { callsTo, messageOf, sendTurn as send, useConversationServer } from '../../test/conversation-server.ts';
import { readEvents } from '../../test/event-stream-reader.ts';
import type { TestClient } from '../../test/test-client.ts';

const running = useConversationServer();
let client: TestClient;

/** A history in the general roles, as the test expects it: user messages and answers in turn. */
type History = ['user' | 'assistant', string][];
const PALM_KEY = 'AIza-visitor-0001';

/** The parts of a generation request these tests read. */
interface Sent {
  model?: string;
  messages?: unknown;
  contents?: unknown;
  systemInstruction?: unknown;
  prompt?: { messages?: unknown };
}
const lastSent = (service: string, path?: RegExp) => callsTo(running.server, service, path).at(-1) as Sent;

/** How each kind's wire carries a history, written from the services' documentation. */
const asChat = (history: History) => history.map(([role, content]) => ({ role, content }));
const KINDS = {
  openai: { side: { service: 'chatgpt' }, fake: 'openai', path: /./, sent: (body: unknown) => (body as Sent).messages, wire: asChat },
  anthropic: { side: { service: 'claude' }, fake: 'anthropic', path: /./, sent: (body: unknown) => (body as Sent).messages, wire: asChat },
  compatible: { side: { service: 'router' }, fake: 'compat/router', path: /./, sent: (body: unknown) => (body as Sent).messages, wire: asChat },
  gemini: {
    side: { service: 'palm' }, fake: 'gemini', path: /generateContent/i, sent: (body: unknown) => (body as Sent).contents,
    wire: (history: History) => history.map(([role, text]) => ({ role: role === 'user' ? 'user' : 'model', parts: [{ text }] })),
  },
  palm: {
    side: { service: 'palm', model: 'chat-bison-001', apiKey: PALM_KEY }, fake: 'palm', path: /generateMessage/, sent: (body: unknown) => (body as Sent).prompt?.messages,
    wire: (history: History) => history.map(([role, content]) => ({ author: role === 'user' ? 'user' : 'model', content })),
  },
} satisfies Record<string, { side: TPairSide; fake: string; path: RegExp; sent(body: unknown): unknown; wire(history: History): unknown }>;
type Kind = keyof typeof KINDS;
/** Every kind on one side or the other; PaLM needs the visitor's key on each turn. */
const PAIRS: [Kind, Kind][] = [['openai', 'anthropic'], ['gemini', 'compatible'], ['palm', 'openai']];

/** Runs a step and gives what each side's service was sent by it: undefined for a side not called. */
async function step(kinds: { a: Kind; b: Kind }, body: Record<string, unknown>) {
  const before = { a: callsTo(running.server, KINDS[kinds.a].fake, KINDS[kinds.a].path).length, b: callsTo(running.server, KINDS[kinds.b].fake, KINDS[kinds.b].path).length };
  const answer = await send(client, { ...body, ...(kinds.a === 'palm' ? { apiKeys: { a: PALM_KEY } } : {}) });
  const sentTo = (side: 'a' | 'b') => {
    const calls = callsTo(running.server, KINDS[kinds[side]].fake, KINDS[kinds[side]].path).slice(before[side]);
    expect(calls.length).toBeLessThanOrEqual(1);
    return calls[0] === undefined ? undefined : KINDS[kinds[side]].sent(calls[0]);
  };
  return { answer, a: sentTo('a'), b: sentTo('b') };
}

describe.each(PAIRS)('turn choices with %s on side a and %s on side b', (aKind, bKind) => {
  const kinds = { a: aKind, b: bKind };
  const wire = (side: 'a' | 'b', history: History) => KINDS[kinds[side]].wire(history);
  let id = '';
  let a1 = '';
  let b1 = '';
  beforeEach(async () => {
    client = running.server.client();
    const first = await step(kinds, { prompt: 'T1', sides: { a: KINDS[aKind].side, b: KINDS[bKind].side } });
    expect(first.answer.status).toBe(200);
    id = first.answer.body.conversationId!;
    [a1, b1] = [messageOf(first.answer.body.a), messageOf(first.answer.body.b)];
  });

  it('carry a: both sides continue from side a’s answer, each keeping its own answer after', async () => {
    const second = await step(kinds, { conversationId: id, prompt: 'T2', carry: 'a' });
    expect(second.answer.body).toMatchObject({ turn: 2, choice: { kind: 'carry', side: 'a' } });
    expect(second.a).toEqual(wire('a', [['user', 'T1'], ['assistant', a1], ['user', 'T2']]));
    expect(second.b).toEqual(wire('b', [['user', 'T1'], ['assistant', a1], ['user', 'T2']]));
    const [a2, b2] = [messageOf(second.answer.body.a), messageOf(second.answer.body.b)];
    const third = await step(kinds, { conversationId: id, prompt: 'T3' });
    expect(third.answer.body.turn).toBe(3);
    expect(third.answer.body).not.toHaveProperty('choice');
    expect(third.a).toEqual(wire('a', [['user', 'T1'], ['assistant', a1], ['user', 'T2'], ['assistant', a2], ['user', 'T3']]));
    expect(third.b).toEqual(wire('b', [['user', 'T1'], ['assistant', a1], ['user', 'T2'], ['assistant', b2], ['user', 'T3']]));
  });

  it('only a: side b is not asked, and its history leaves that turn out', async () => {
    const second = await step(kinds, { conversationId: id, prompt: 'T2', only: 'a' });
    expect(second.answer.body).toMatchObject({ turn: 2, choice: { kind: 'only', side: 'a' }, b: { skipped: true, message: null } });
    expect(second.a).toEqual(wire('a', [['user', 'T1'], ['assistant', a1], ['user', 'T2']]));
    expect(second.b).toBeUndefined();
    const a2 = messageOf(second.answer.body.a);
    const third = await step(kinds, { conversationId: id, prompt: 'T3' });
    expect(third.a).toEqual(wire('a', [['user', 'T1'], ['assistant', a1], ['user', 'T2'], ['assistant', a2], ['user', 'T3']]));
    expect(third.b).toEqual(wire('b', [['user', 'T1'], ['assistant', b1], ['user', 'T3']]));
  });

  it('regenerate b: b alone is asked its last turn again, its new answer replaces the old, and each asked turn is a free prompt', async () => {
    const second = await step(kinds, { conversationId: id, prompt: 'T2' });
    const [a2, b2] = [messageOf(second.answer.body.a), messageOf(second.answer.body.b)];
    running.server.fake.script(KINDS[bKind].fake as 'openai', { text: 'A new answer.' });
    const again = await step(kinds, { conversationId: id, regenerate: 'b' });
    expect(again.answer.status).toBe(200);
    expect(again.answer.body).toMatchObject({ turn: 2, choice: { kind: 'regenerate', side: 'b' }, a: { skipped: true, message: null }, b: { message: 'A new answer.' } });
    expect(again.a).toBeUndefined();
    expect(again.b).toEqual(wire('b', [['user', 'T1'], ['assistant', b1], ['user', 'T2']]));
    expect(b2).not.toBe('A new answer.');
    const third = await step(kinds, { conversationId: id, prompt: 'T3' });
    expect(third.answer.body.turn).toBe(3);
    expect(third.a).toEqual(wire('a', [['user', 'T1'], ['assistant', a1], ['user', 'T2'], ['assistant', a2], ['user', 'T3']]));
    expect(third.b).toEqual(wire('b', [['user', 'T1'], ['assistant', b1], ['user', 'T2'], ['assistant', 'A new answer.'], ['user', 'T3']]));
    // Four asked turns, the regeneration among them: the four free prompts are used.
    const capped = await step(kinds, { conversationId: id, regenerate: 'b' });
    expect(capped.answer.status).toBe(429);
    expect(capped.answer.body.message).toBe(MESSAGES.freeCapReached);
    expect(capped.b).toBeUndefined();
  });
});

describe('turn choices refused, and a side that failed', () => {
  it('refuses regenerating or carrying a side with no answer to the last turn, and carries the other onto it', async () => {
    client = running.server.client();
    const first = await send(client, { prompt: 'T1', sides: { a: { service: 'claude' }, b: { service: 'router' } } });
    const id = first.body.conversationId;
    const a1 = messageOf(first.body.a);
    const second = await send(client, { conversationId: id, prompt: 'T2', apiKeys: { a: 'bad-key-0000' } });
    expect(second.body.a.errorMsg).toBeTruthy();
    const b2 = messageOf(second.body.b);
    const calls = running.server.fake.requests.length;
    for (const [body, message] of [
      [{ regenerate: 'a' }, CONVERSATION_MESSAGES.nothingToRegenerate('a')],
      [{ prompt: 'T3', carry: 'a' }, CONVERSATION_MESSAGES.nothingToCarry('a')],
    ] as const) {
      const refused = await send(client, { conversationId: id, ...body });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe(message);
    }
    expect(running.server.fake.requests.length).toBe(calls);
    // Carrying b gives side a, which has no answer to turn 2, b's answer in its place.
    const third = await send(client, { conversationId: id, prompt: 'T3', carry: 'b' });
    expect(third.status).toBe(200);
    expect((callsTo(running.server, 'anthropic').at(-1) as { messages: unknown }).messages).toEqual([
      { role: 'user', content: 'T1' }, { role: 'assistant', content: a1 }, { role: 'user', content: 'T2' }, { role: 'assistant', content: b2 }, { role: 'user', content: 'T3' },
    ]);
    // Three asked turns of four: the refusals were not counted.
    expect((await send(client, { conversationId: id, regenerate: 'a' })).status).toBe(200);
  });

  it('refuses regenerating a side asked nothing on the last turn; regenerates at the turn limit; refuses what the body gets wrong', async () => {
    client = running.server.client();
    const first = await send(client, { prompt: 'T1', sides: { a: { service: 'chatgpt' }, b: { service: 'router' } } });
    const id = first.body.conversationId;
    await send(client, { conversationId: id, prompt: 'T2', only: 'a' });
    const skipped = await send(client, { conversationId: id, regenerate: 'b' });
    expect(skipped.status).toBe(422);
    expect(skipped.body.message).toBe(CONVERSATION_MESSAGES.nothingToRegenerate('b'));
    expect((await send(client, { conversationId: id, prompt: 'T3' })).body.turn).toBe(3);
    const tooMany = await send(client, { conversationId: id, prompt: 'T4', carry: 'a' });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toBe(CONVERSATION_MESSAGES.tooManyTurns(3));
    // A regeneration adds no turn: the last one may still be asked again.
    const again = await send(client, { conversationId: id, regenerate: 'a' });
    expect(again.status).toBe(200);
    expect(again.body.turn).toBe(3);
    for (const [body, message] of [
      [{ prompt: 'T4', carry: 'a', only: 'b' }, CONVERSATION_MESSAGES.oneChoice],
      [{}, CONVERSATION_MESSAGES.promptRequired],
      [{ prompt: 'T3', regenerate: 'a' }, CONVERSATION_MESSAGES.regenerateTakesNoPrompt],
      [{ regenerate: 'c' }, 'regenerate must be a or b.'],
    ] as const) {
      const refused = await send(client, { conversationId: id, ...body });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe(message);
    }
  });

  it('refuses a regeneration past the length limit, naming the side, and regenerates the other', async () => {
    client = running.server.client();
    // A first turn is not held to the conversation's limit; asking it again is: 1,600 + 1,500 > 3,000 on side a.
    const first = await send(client, { prompt: 'y'.repeat(1500), sides: { a: { service: 'chatgpt', messages: [{ role: 'system', content: 'x'.repeat(1600) }] }, b: { service: 'router' } } });
    expect(first.status).toBe(200);
    const refused = await send(client, { conversationId: first.body.conversationId, regenerate: 'a' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(CONVERSATION_MESSAGES.tooLong('a', 3000));
    const other = await send(client, { conversationId: first.body.conversationId, regenerate: 'b' });
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ turn: 1, choice: { kind: 'regenerate', side: 'b' } });
  });
});

describe('a conversation on the spec’s pair', () => {
  it('answers the spec’s body with every spec field and the conversation beside them, and follows it up in each side’s format', async () => {
    client = running.server.client();
    const spec = {
      prompt: 'Name a colour.',
      chatGPT: { messages: [{ role: 'system', content: 'Be brief.' }] },
      bardAPI: { messages: [{ author: 'Bard', content: 'You are a helpful assistant.' }, { author: 'Bard', content: 'Hello!' }] },
    };
    const first = await client.post<Record<string, unknown>>('/api/getChatData', spec);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(['chatGPT', 'palmAPI', 'logId', 'conversationId', 'turn']);
    const parsed = ZComparisonResponse.parse(first.body);
    expect(parsed).toMatchObject({ conversationId: parsed.logId, turn: 1 });
    const [openai1, gemini1] = [lastSent('openai'), lastSent('gemini', /generateContent/i)];
    const [c1, p1] = [messageOf(parsed.chatGPT), messageOf(parsed.palmAPI)];

    const second = await send(client, { conversationId: parsed.conversationId, prompt: 'Another one?' });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ turn: 2, conversationId: parsed.conversationId, sides: { a: { service: 'chatgpt', kind: 'openai', model: openai1.model }, b: { service: 'palm', kind: 'google' } } });
    const [openai2, gemini2] = [lastSent('openai'), lastSent('gemini', /generateContent/i)];
    expect(openai2.model).toBe(openai1.model);
    expect(openai2.messages).toEqual([{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Name a colour.' }, { role: 'assistant', content: c1 }, { role: 'user', content: 'Another one?' }]);
    // The opening "Bard" lines stay the system instruction; the conversation follows as user and model turns.
    expect(gemini2.systemInstruction).toEqual(gemini1.systemInstruction);
    expect(gemini1.systemInstruction).toBeTruthy();
    expect(gemini2.contents).toEqual([{ role: 'user', parts: [{ text: 'Name a colour.' }] }, { role: 'model', parts: [{ text: p1 }] }, { role: 'user', parts: [{ text: 'Another one?' }] }]);
  });

  it('follows up a PaLM spec body with its context and author turns, and streams the spec body’s start with the conversation', async () => {
    client = running.server.client();
    const response = await client.send('POST', '/api/getChatData', {
      prompt: 'Name a colour.', bardAPI: { model: 'chat-bison-001', apiKey: PALM_KEY, messages: [{ author: 'context', content: 'Be brief.' }] },
    }, { accept: STREAM_CONTENT_TYPE });
    const events = [];
    for await (const event of readEvents(response)) events.push(event);
    const start = events[0]?.data as TStreamStart;
    expect(events[0]?.event).toBe('start');
    expect(start).toEqual({ logId: start.logId, conversationId: start.logId, turn: 1 });
    const done = events.find((e) => e.event === 'done' && (e.data as { side: string }).side === 'palmAPI')?.data as { result: TServiceResult };
    const p1 = messageOf(done.result);
    const second = await send(client, { conversationId: start.conversationId, prompt: 'Another one?', only: 'b', apiKeys: { b: PALM_KEY } });
    expect(second.status).toBe(200);
    expect((second.body as TPairResponse).a.skipped).toBe(true);
    expect((callsTo(running.server, 'palm', /generateMessage/).at(-1) as { prompt: unknown }).prompt).toEqual({
      context: 'Be brief.',
      messages: [{ author: 'user', content: 'Name a colour.' }, { author: 'model', content: p1 }, { author: 'user', content: 'Another one?' }],
    });
  });

  it('streams a follow-up’s choice in its start event', async () => {
    client = running.server.client();
    const first = await send(client, { prompt: 'T1', sides: { a: { service: 'chatgpt' }, b: { service: 'router' } } });
    const response = await client.send('POST', '/api/getChatData', { conversationId: first.body.conversationId, prompt: 'T2', carry: 'b' }, { accept: STREAM_CONTENT_TYPE });
    const events = [];
    for await (const event of readEvents(response)) events.push(event);
    expect(events[0]).toMatchObject({ event: 'start', data: { conversationId: first.body.conversationId, turn: 2, choice: { kind: 'carry', side: 'b' } } });
    expect(events.at(-1)?.event).toBe('end');
  });
});
