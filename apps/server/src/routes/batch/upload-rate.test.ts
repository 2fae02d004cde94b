import { API_ROUTES, RATE_LIMITS, RUN_LIMIT_DEFAULTS, RUN_LIMIT_MESSAGES, UPLOAD_WINDOW_MS } from '@promptpair/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribe, upload, waitForJob } from '../../services/batch/test/batch-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

// Uploads per address per hour (counted like the other rate limits, in Redis when REDIS_URL is
// set: plugins/rate-limits.redis.test.ts), and RATE_LIMITS=visitor, which drops every per-address
// limit of runs as it drops the other per-IP limits.

describe('uploads per address per hour (BATCH_UPLOADS_PER_IP_PER_HOUR)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ BATCH_UPLOADS_PER_IP_PER_HOUR: '3' });
  });
  afterAll(() => server.close());

  it('counts every attempt from one address, whatever the cookie, and refuses the next with when to retry', async () => {
    expect(RUN_LIMIT_DEFAULTS.uploadsPerIpPerHour).toBe(20);
    expect(RATE_LIMITS.batchUpload.perIp).toEqual({ max: 20, windowMs: UPLOAD_WINDOW_MS });
    const attempt = async (ip: string) => {
      const stranger = server.client({ browser: true, ip });
      await stranger.get(API_ROUTES.session);
      return upload(stranger, { filename: 'list.txt', content: 'one' });
    };
    // Not subscribed: 403, yet each attempt counts, before the body is read.
    for (let i = 0; i < 3; i++) expect((await attempt('10.61.0.1')).status).toBe(403);
    const subscriber = await subscribe(server.client({ browser: true, ip: '10.61.0.1' }), 'hourly@example.com');
    const refused = await upload(subscriber, { filename: 'list.txt', content: 'one' });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.body).toEqual({ message: RUN_LIMIT_MESSAGES.uploadsPerHourRetry(retryAfter), code: 'rate_limited' });
    expect(RUN_LIMIT_MESSAGES.uploadsPerHourRetry(3599)).toBe('Too many prompt lists were uploaded from your network address in the last hour. Try again in 60 minutes.');
    expect((await attempt('10.61.0.2')).status).toBe(403); // another address has its own count
  });
});

describe('RATE_LIMITS=visitor', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMITS: 'visitor' });
  });
  afterAll(() => server.close());

  it('drops the limits per address: two cookies on one address run a list each at once', async () => {
    const [a, b] = await Promise.all(['a', 'b'].map((tag) => subscribe(server.client({ browser: true, ip: '10.61.1.1' }), `visitor-scope-${tag}@example.com`)));
    server.fake.script('openai', { latencyMs: 2000 }, 2);
    const answers = [await upload(a!, { filename: 'a.txt', content: 'one' }), await upload(b!, { filename: 'b.txt', content: 'two' })];
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    for (const [i, client] of [a!, b!].entries()) expect((await waitForJob(client, answers[i]!.body.id)).status).toBe('completed');
  });
});
