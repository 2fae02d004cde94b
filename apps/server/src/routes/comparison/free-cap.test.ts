import { API_ROUTES, MESSAGES, type TSession } from '@promptpair/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ FREE_PROMPTS_PER_IP: '12' });
});
afterAll(() => server.close());

let nextIp = 1;
const freshVisitor = () => server.client({ ip: `10.0.0.${nextIp++}` });

describe('free prompts', () => {
  it('gives 5 prompts on the operator keys, then 429 with the spec text', async () => {
    const visitor = freshVisitor();
    for (let i = 0; i < 5; i++) expect((await visitor.post(API_ROUTES.getChatData, { prompt: `p${i}` })).status).toBe(200);
    const sixth = await visitor.post(API_ROUTES.getChatData, { prompt: 'sixth' });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ message: MESSAGES.freeCapReached, code: 'free_cap_reached' });
    expect((await visitor.get<TSession>(API_ROUTES.session)).body.freePromptsLeft).toBe(0);
  });

  it('lets a capped visitor go on with their own keys on both sides, but not with one', async () => {
    const visitor = freshVisitor();
    for (let i = 0; i < 5; i++) await visitor.post(API_ROUTES.getChatData, { prompt: `p${i}` });
    const oneKey = await visitor.post(API_ROUTES.getChatData, { prompt: 'one key', chatGPT: { apiKey: 'sk-own' } });
    expect(oneKey.status).toBe(429);
    const bothKeys = await visitor.post(API_ROUTES.getChatData, { prompt: 'both', chatGPT: { apiKey: 'sk-own' }, bardAPI: { apiKey: 'g-own' } });
    expect(bothKeys.status).toBe(200);
  });

  it('counts atomically: 20 parallel requests from a new visitor give exactly 5 answers', async () => {
    const visitor = freshVisitor();
    await visitor.get(API_ROUTES.session); // take the cookie first, as the page does
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => visitor.post(API_ROUTES.getChatData, { prompt: `parallel ${i}` })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(15);
  });

  it('gives the prompt back when no operator-paid side answered', async () => {
    const visitor = freshVisitor();
    server.fake.script('google', { status: 500 }, Infinity);
    server.fake.script('openai', { status: 500 }, Infinity);
    try {
      await visitor.post(API_ROUTES.getChatData, { prompt: 'both fail' });
    } finally {
      server.fake.reset();
    }
    expect((await visitor.get<TSession>(API_ROUTES.session)).body.freePromptsLeft).toBe(5);
  });

  it('also counts per IP, so clearing cookies does not reset the cap', async () => {
    const ip = '10.9.9.9';
    let answered = 0;
    for (let visitor = 0; visitor < 4; visitor++) {
      const client = server.client({ ip });
      for (let i = 0; i < 5; i++) if ((await client.post(API_ROUTES.getChatData, { prompt: 'x' })).status === 200) answered++;
    }
    expect(answered).toBe(12);
    const newcomer = await server.client({ ip }).get<TSession>(API_ROUTES.session);
    expect(newcomer.body.freePromptsLeft).toBe(0);
  });

  it('turns the IP ceiling off with FREE_PROMPTS_PER_IP=0 and honours FREE_PROMPTS', async () => {
    const open = await startTestServer({ FREE_PROMPTS_PER_IP: '0', FREE_PROMPTS: '2' }, { fake: server.fake });
    try {
      let answered = 0;
      for (let visitor = 0; visitor < 3; visitor++) {
        const client = open.client({ ip: '10.8.8.8' });
        for (let i = 0; i < 3; i++) if ((await client.post(API_ROUTES.getChatData, { prompt: 'x' })).status === 200) answered++;
      }
      expect(answered).toBe(6);
      const session = await open.client().get<TSession>(API_ROUTES.session);
      expect(session.body).toMatchObject({ freePrompts: 2, freePromptsLeft: 2, demoMode: false });
    } finally {
      await open.close();
    }
  });
});
