import { API_ROUTES, describeUpstreamError, type TComparisonResponse } from '@promptpair/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

// POST /api/getChatData against the clock. The margins hold on a loaded machine: each bound sits
// far from what the behaviour it guards against would take.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.fake.reset());

const compare = (body: unknown, client = server.client()) => client.post<TComparisonResponse>(API_ROUTES.getChatData, body);

describe('POST /api/getChatData, timed', () => {
  it('starts both calls at once: two 2.5 s upstreams take well under the 5 s they would one after the other', async () => {
    server.fake.script('openai', { latencyMs: 2_500 });
    server.fake.script('gemini', { latencyMs: 2_500 });
    const started = performance.now();
    const { status } = await compare({ prompt: 'Race' });
    const took = performance.now() - started;
    expect(status).toBe(200);
    expect(took).toBeGreaterThanOrEqual(2_490);
    expect(took).toBeLessThan(4_500);
  });

  it('reports a timeout when an upstream hangs, and the other side answers within the budget', async () => {
    // 2 s: the side that answers at once does so within it however busy the machine.
    const quick = await startTestServer({ UPSTREAM_TIMEOUT_MS: '2000' }, { fake: server.fake });
    try {
      server.fake.script('gemini', { hang: true }, Infinity);
      const { body } = await compare({ prompt: 'Hang' }, quick.client());
      expect(body.palmAPI.errorMsg).toBe(describeUpstreamError('palmAPI', 'upstream_timeout'));
      expect(body.chatGPT.errorMsg).toBeNull();
    } finally {
      server.fake.reset();
      await quick.close();
    }
  });
});
