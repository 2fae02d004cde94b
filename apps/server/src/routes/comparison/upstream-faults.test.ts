import { API_ROUTES, describeUpstreamError, type ServiceKey, type TComparisonResponse } from '@promptpair/contract';
import type { Scenario, ScriptTarget } from '@promptpair/fake-upstream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

// One upstream misbehaving (hanging, resetting, 5xx, malformed JSON, 429) gives that side a clear
// errorMsg while the other side answers, and leaves no socket or timer behind.

const TIMEOUT_MS = 1500;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS), RATE_LIMITS: 'off', FREE_PROMPTS: '1000', FREE_PROMPTS_PER_IP: '0' });
});
afterAll(() => server.close());
beforeEach(() => server.fake.reset());

type Fault = { name: string; scenario: Scenario; code: Parameters<typeof describeUpstreamError>[1]; detail?: { retryAfterSeconds: number }; waitHint?: boolean };
const faults: Fault[] = [
  { name: 'hangs', scenario: { hang: true }, code: 'upstream_timeout' },
  { name: 'resets the connection mid-answer', scenario: { reset: true }, code: 'upstream_unreachable' },
  { name: 'answers 500', scenario: { status: 500 }, code: 'upstream_error' },
  { name: 'answers 503', scenario: { status: 503 }, code: 'upstream_error' },
  { name: 'answers malformed JSON', scenario: { malformed: true }, code: 'upstream_bad_response' },
  { name: 'answers 429 with a long Retry-After', scenario: { status: 429, retryAfterSeconds: 60 }, code: 'upstream_rate_limited', detail: { retryAfterSeconds: 60 } },
  // OpenAI's message still says how long to wait ("Please try again in 1s"); Google's then says nothing.
  { name: 'answers 429 without Retry-After, every time', scenario: { status: 429 }, code: 'upstream_rate_limited', waitHint: true },
];
const sides: { failing: ServiceKey; target: ScriptTarget; healthy: ServiceKey; model: Record<string, unknown> }[] = [
  { failing: 'chatGPT', target: 'openai', healthy: 'palmAPI', model: {} },
  { failing: 'palmAPI', target: 'gemini', healthy: 'chatGPT', model: {} },
  { failing: 'palmAPI', target: 'palm', healthy: 'chatGPT', model: { bardAPI: { model: 'chat-bison-001' } } },
];

async function compare(prompt: string, extra: Record<string, unknown> = {}) {
  return server.client().post<TComparisonResponse>(API_ROUTES.getChatData, { prompt, ...extra });
}

describe('an upstream that misbehaves', () => {
  for (const side of sides) {
    for (const fault of faults) {
      it(`${side.target} ${fault.name}: ${side.failing} says so, ${side.healthy} answers`, async () => {
        // Every attempt meets the fault: retries included.
        server.fake.script(side.target, fault.scenario, Infinity);
        const { status, body } = await compare(`fault: ${fault.name}`, side.model);
        expect(status).toBe(200);
        const expected = describeUpstreamError(side.failing, fault.code, fault.detail);
        const errorMsg = fault.waitHint ? expect.stringMatching(new RegExp(`^${expected.replace('a moment.', '').replaceAll('.', '\\.')}(a moment|\\d+ s)\\.$`)) : expected;
        expect(body[side.failing]).toMatchObject({ message: null, tokens: null, errorMsg });
        expect(body[side.healthy]).toMatchObject({ errorMsg: null, message: expect.stringContaining('Simulated') });
      });
    }
  }
});

/** Timers and sockets of this process, by kind (what Node reports as keeping it alive). */
function activeResources(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

async function settle(check: () => Promise<boolean>): Promise<void> {
  for (let wait = 0; wait < 100 && !(await check()); wait++) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('after many faults', () => {
  it('leaves no socket open to the upstream and no timer running beyond what a healthy comparison leaves', async () => {
    // Warm up: the HTTP clients' keep-alive pools hold what they hold after ordinary comparisons.
    await Promise.all(Array.from({ length: 4 }, (_, i) => compare(`warm-up ${i}`)));
    await settle(async () => true);
    const before = { connections: await server.fake.connections(), resources: activeResources() };

    for (const fault of faults) {
      server.fake.script('openai', fault.scenario, Infinity);
      server.fake.script('google', fault.scenario, Infinity);
      await Promise.all([compare(`leak ${fault.name} 1`), compare(`leak ${fault.name} 2`)]);
      server.fake.reset();
    }
    await Promise.all(Array.from({ length: 4 }, (_, i) => compare(`cool-down ${i}`)));

    const bounded = async () => (await server.fake.connections()) <= before.connections + 2 && (activeResources().Timeout ?? 0) <= (before.resources.Timeout ?? 0);
    await settle(bounded);
    expect(await server.fake.connections()).toBeLessThanOrEqual(before.connections + 2);
    expect(activeResources().Timeout ?? 0).toBeLessThanOrEqual(before.resources.Timeout ?? 0);
    expect(activeResources().TCPSocketWrap ?? 0).toBeLessThanOrEqual((before.resources.TCPSocketWrap ?? 0) + 4);
  });
});
