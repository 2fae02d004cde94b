import { API_ROUTES, describeUpstreamError, STREAM_CONTENT_TYPE, type TComparisonResponse, type TServiceResult } from '@promptpair/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readEvents } from '../../test/event-stream-reader.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

// An upstream answer past UPSTREAM_MAX_RESPONSE_BYTES is cut off with a clear note, on that side
// only, whether it is read whole or streamed; it is never held whole, answered back or stored.

const CAP_BYTES = 8 * 1024;
const HUGE_TEXT = 'All work and no play. '.repeat(20_000); // about 440 KB
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ UPSTREAM_MAX_RESPONSE_BYTES: String(CAP_BYTES), RATE_LIMITS: 'off', FREE_PROMPTS: '1000', FREE_PROMPTS_PER_IP: '0' });
});
afterAll(() => server.close());
beforeEach(() => server.fake.reset());

const sides = [
  { target: 'openai', side: 'chatGPT', other: 'palmAPI', extra: {} },
  { target: 'gemini', side: 'palmAPI', other: 'chatGPT', extra: {} },
  { target: 'palm', side: 'palmAPI', other: 'chatGPT', extra: { bardAPI: { model: 'chat-bison-001' } } },
] as const;

describe('an upstream answer larger than the cap', () => {
  for (const { target, side, other, extra } of sides) {
    it(`${target}, read whole: ${side} says it was cut off, ${other} answers, and nothing large is sent or stored`, async () => {
      server.fake.script(target, { text: HUGE_TEXT });
      const { status, body, text } = await server.client().post<TComparisonResponse>(API_ROUTES.getChatData, { prompt: 'huge', ...extra });
      expect(status).toBe(200);
      expect(body[side]).toMatchObject({ message: null, rawOutput: null, errorMsg: describeUpstreamError(side, 'upstream_too_large') });
      expect(body[other]).toMatchObject({ errorMsg: null, message: expect.stringContaining('Simulated') });
      expect(text.length).toBeLessThan(CAP_BYTES * 2);
      const row = await server.composed.db.selectFrom('logs').select(['side_a_data', 'side_b_data']).where('id', '=', body.logId).executeTakeFirstOrThrow();
      expect(row.side_a_data.length + row.side_b_data.length).toBeLessThan(CAP_BYTES * 2);
    });
  }

  for (const { target, side } of sides.slice(0, 2)) {
    it(`${target}, streamed: ${side} keeps what arrived below the cap and says the rest was cut off`, async () => {
      server.fake.script(target, { text: HUGE_TEXT });
      const response = await server.client().send('POST', API_ROUTES.getChatData, { prompt: 'huge stream' }, { accept: STREAM_CONTENT_TYPE });
      let result: TServiceResult | undefined;
      for await (const event of readEvents(response)) {
        const data = event.data as { side?: string; result?: TServiceResult };
        if (event.event === 'done' && data.side === side) result = data.result;
      }
      expect(result?.errorMsg).toBe(describeUpstreamError(side, 'upstream_too_large'));
      expect(result?.message?.length ?? 0).toBeGreaterThan(0);
      expect(result?.message?.length ?? Infinity).toBeLessThan(CAP_BYTES);
      expect(HUGE_TEXT.startsWith(result?.message ?? 'x')).toBe(true);
    });
  }
});
