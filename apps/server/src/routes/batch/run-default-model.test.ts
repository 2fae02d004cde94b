// A prompt-list run whose sides name no model, over HTTP against the simulator with lists that lack
// every built-in default: each prompt is sent the default the page offers (docs/decisions.md,
// "Prompt-list runs"), and its record names that model.
import { API_ROUTES, type TModelOffers } from '@promptpair/contract';
import { startFakeUpstream, type FakeUpstream } from '@promptpair/fake-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptLines, subscribe, upload, waitForJob } from '../../services/batch/test/batch-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { GOOGLE_MODEL_PREFERENCE } from '../../upstreams/google/catalog.ts';
import { OPENAI_MODEL_PREFERENCE } from '../../upstreams/openai/catalog.ts';

const BUILT_IN_DEFAULTS: string[] = [...OPENAI_MODEL_PREFERENCE, ...GOOGLE_MODEL_PREFERENCE];

let fake: FakeUpstream;
let server: TestServer;
beforeAll(async () => {
  fake = await startFakeUpstream({ hiddenModels: BUILT_IN_DEFAULTS });
  server = await startTestServer({ RATE_LIMITS: 'off' }, { fake, today: '2026-11-27' });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

describe('a run whose sides name no model', () => {
  it("sends every prompt to each service's listed default, the page's, and keeps that model with each record", async () => {
    const { chatGPT, palmAPI } = (await server.client().get<TModelOffers>(API_ROUTES.models)).body;
    for (const id of [chatGPT.defaultModel, palmAPI.defaultModel]) {
      expect(id).not.toBeNull();
      expect(BUILT_IN_DEFAULTS).not.toContain(id);
    }
    const client = await subscribe(server.client({ browser: true }), 'no-model@example.com');
    fake.reset();
    const created = await upload(client, { filename: 'plain.txt', content: promptLines(3, 'Plain').join('\n'), bardAPI: { topK: 5 } });
    expect(created.status).toBe(201);
    const job = await waitForJob(client, created.body.id);
    expect(job).toMatchObject({ status: 'completed', done: 3, failed: 0, pending: 0 });

    const openai = fake.requests.filter((r) => r.service === 'openai' && r.path.endsWith('/chat/completions'));
    const gemini = fake.requests.filter((r) => r.service === 'gemini' && /:(generateContent|streamGenerateContent)$/.test(r.path));
    expect(openai).toHaveLength(3);
    expect(gemini).toHaveLength(3);
    expect(openai.every((r) => (r.body as { model: string }).model === chatGPT.defaultModel)).toBe(true);
    expect(gemini.every((r) => r.path.includes(`/${palmAPI.defaultModel}:`))).toBe(true);

    const stored = await server.composed.db.selectFrom('logs').select(['side_a_settings', 'side_b_settings', 'side_a_data', 'side_b_data']).where('prompt_message', 'like', 'Plain%').execute();
    expect(stored).toHaveLength(3);
    for (const row of stored) {
      expect(JSON.parse(row.side_a_settings!)).toEqual({ model: chatGPT.defaultModel });
      expect(JSON.parse(row.side_b_settings!)).toEqual({ topK: 5, model: palmAPI.defaultModel });
      expect(JSON.parse(row.side_a_data)).toMatchObject({ errorMsg: null });
      expect(JSON.parse(row.side_b_data)).toMatchObject({ errorMsg: null });
    }
  });
});
