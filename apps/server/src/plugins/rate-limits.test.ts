import { API_ROUTES, MESSAGES, RATE_LIMIT_MESSAGES, RATE_LIMITS } from '@promptpair/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient, TestResponse } from '../test/test-client.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

// One process, counters in memory. The free cap is lifted so only the rate limits refuse.
const UNCAPPED = { FREE_PROMPTS: '100000', FREE_PROMPTS_PER_IP: '0' };
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(UNCAPPED);
});
afterAll(async () => {
  await server.close();
});

function expectRateLimited(answer: TestResponse, message: string, windowMs: number): void {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({ message, code: 'rate_limited' });
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
}

/** `count` requests in a row; every one must pass the limiter (any answer but 429). */
async function passAll(count: number, send: (i: number) => Promise<TestResponse>): Promise<void> {
  for (let i = 0; i < count; i++) expect((await send(i)).status, `request ${i + 1}`).not.toBe(429);
}

const compare = (client: TestClient, i: number) => client.post(API_ROUTES.getChatData, { prompt: `burst ${i}` });

describe('per-visitor and per-IP rate limits', () => {
  it(`lets a visitor run ${RATE_LIMITS.comparison.perVisitor.max} comparisons in a burst and refuses the next with Retry-After`, async () => {
    const visitor = server.client({ ip: '10.30.0.1' });
    const { max, windowMs } = RATE_LIMITS.comparison.perVisitor;
    await passAll(max, (i) => compare(visitor, i));
    expectRateLimited(await compare(visitor, max), RATE_LIMIT_MESSAGES.comparison, windowMs);
    // Another visitor on the same address is not held up by the first one's burst.
    expect((await compare(server.client({ ip: '10.30.0.1' }), 0)).status).toBe(200);
  });

  it('catches a script that drops its cookie with the per-IP limit', async () => {
    const { max, windowMs } = RATE_LIMITS.comparison.perIp;
    await passAll(max, (i) => compare(server.client({ ip: '10.30.0.2' }), i));
    expectRateLimited(await compare(server.client({ ip: '10.30.0.2' }), max), RATE_LIMIT_MESSAGES.comparison, windowMs);
    expect((await compare(server.client({ ip: '10.30.0.3' }), 0)).status).toBe(200);
  });

  it('limits share links and key saves per visitor, each with its own text', async () => {
    const visitor = server.client({ browser: true, ip: '10.30.0.4' });
    await visitor.get(API_ROUTES.session);
    const share = RATE_LIMITS.share.perVisitor;
    // Unknown log ids answer 404; they count all the same.
    await passAll(share.max, () => visitor.post(API_ROUTES.shareLink, { logId: '00000000-0000-4000-8000-000000000000' }));
    expectRateLimited(await visitor.post(API_ROUTES.shareLink, { logId: '00000000-0000-4000-8000-000000000000' }), RATE_LIMIT_MESSAGES.share, share.windowMs);

    const key = RATE_LIMITS.key.perVisitor;
    const save = (i: number) => visitor.post(API_ROUTES.key, { chatgpt_key: `sk-rate-limit-key-${i}-0000`, palmapi_key: `AIza-rate-limit-${i}-000`, email: 'limits@example.com' });
    await passAll(key.max, save);
    expectRateLimited(await save(key.max), RATE_LIMIT_MESSAGES.key, key.windowMs);
    // The share limit and the key limit are counted apart from the comparisons.
    expect((await compare(visitor, 0)).status).toBe(200);
  });

  it('limits contact messages per IP too, not only per visitor', async () => {
    const { max, windowMs } = RATE_LIMITS.contact.perIp;
    const send = () => server.client({ ip: '10.30.0.5' }).post(API_ROUTES.contactUs, { email: 'a@example.com', message: 'A message long enough.' });
    await passAll(max, send);
    expectRateLimited(await send(), MESSAGES.contact.rateLimited, windowMs);
  });

  it('keeps the free cap its own 429 with the spec text', async () => {
    const capped = await startTestServer({}, { fake: server.fake });
    try {
      const visitor = capped.client({ ip: '10.30.0.6' });
      await passAll(5, (i) => compare(visitor, i));
      expect(await compare(visitor, 5)).toMatchObject({ status: 429, body: { message: MESSAGES.freeCapReached, code: 'free_cap_reached' } });
    } finally {
      await capped.close();
    }
  });
});

describe('RATE_LIMITS', () => {
  it('visitor: keeps the per-visitor limits and drops the per-IP ones', async () => {
    const visitorOnly = await startTestServer({ ...UNCAPPED, RATE_LIMITS: 'visitor' }, { fake: server.fake });
    try {
      await passAll(RATE_LIMITS.comparison.perIp.max + 1, (i) => compare(visitorOnly.client({ ip: '10.30.1.1' }), i));
      const visitor = visitorOnly.client({ ip: '10.30.1.1' });
      await passAll(RATE_LIMITS.comparison.perVisitor.max, (i) => compare(visitor, i));
      expect((await compare(visitor, 99)).status).toBe(429);
    } finally {
      await visitorOnly.close();
    }
  });

  it('off: counts nothing (benchmarks, closed installations)', async () => {
    const unlimited = await startTestServer({ ...UNCAPPED, RATE_LIMITS: 'off' }, { fake: server.fake });
    try {
      const visitor = unlimited.client({ ip: '10.30.1.2' });
      await passAll(RATE_LIMITS.comparison.perIp.max + 1, (i) => compare(visitor, i));
    } finally {
      await unlimited.close();
    }
  });
});
