// Today's models end to end over HTTP against the simulator, with lists that lack every built-in
// default (docs/keeping-models-current.md), and the rule that free prompts go only to offered
// models (docs/decisions.md, "Free prompts go only to offered models").
import { API_ROUTES, describeUpstreamError, MODEL_TEXTS, type TComparisonResponse, type TModelOffers } from '@promptpair/contract';
import { SIMULATED_THOUGHTS_TOKENS, startFakeUpstream, type FakeUpstream } from '@promptpair/fake-upstream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captureLog } from '../../test/outage-checks.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { GOOGLE_MODEL_PREFERENCE } from '../../upstreams/google/catalog.ts';
import { OPENAI_MODEL_PREFERENCE } from '../../upstreams/openai/catalog.ts';

const TODAY = '2026-11-27';
const BUILT_IN_DEFAULTS: string[] = [...OPENAI_MODEL_PREFERENCE, ...GOOGLE_MODEL_PREFERENCE];
const VISITOR_KEYS = { chatGPT: { apiKey: 'sk-visitor-own-0001' }, bardAPI: { apiKey: 'AIza-visitor-own-0002' } };

let fake: FakeUpstream;
let server: TestServer;
beforeAll(async () => {
  fake = await startFakeUpstream({ hiddenModels: BUILT_IN_DEFAULTS });
  server = await startTestServer({}, { fake, today: TODAY });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const offers = async (target = server) => (await target.client().get<TModelOffers>(API_ROUTES.models)).body;
const compare = (body: unknown, target = server) => target.client().post<TComparisonResponse>(API_ROUTES.getChatData, body);
const generationCalls = () => fake.requests.filter((r) => r.path.endsWith('/chat/completions') || /:(generateContent|streamGenerateContent|generateMessage)$/.test(r.path));
const simulatorIds = async () => {
  const openai = await fetch(`${fake.openaiBaseUrl}/models`, { headers: { authorization: 'Bearer sk-look' } }).then((r) => r.json() as Promise<{ data: { id: string }[] }>);
  const google = await fetch(`${fake.googleBaseUrl}/v1beta/models?pageSize=100`, { headers: { 'x-goog-api-key': 'look' } }).then((r) => r.json() as Promise<{ models: { name: string }[] }>);
  return { openai: openai.data.map((m) => m.id), google: google.models.map((m) => m.name.replace(/^models\//, '')) };
};

describe('defaults that cannot die', () => {
  it("preselects on each side a model the service lists although it lists none of the built-in defaults, and a comparison on the defaults answers on both sides", async () => {
    const listed = await simulatorIds();
    expect(listed.openai.some((id) => BUILT_IN_DEFAULTS.includes(id))).toBe(false);
    const { chatGPT, palmAPI } = await offers();
    expect(listed.openai).toContain(chatGPT.defaultModel);
    expect(listed.google).toContain(palmAPI.defaultModel);
    expect(chatGPT.models.map((m) => m.id)).toContain(chatGPT.defaultModel);
    expect(palmAPI.models.map((m) => m.id)).toContain(palmAPI.defaultModel);

    const { status, body } = await compare({ prompt: 'Name a colour.' });
    expect(status).toBe(200);
    expect(body.chatGPT.errorMsg).toBeNull();
    expect(body.palmAPI.errorMsg).toBeNull();
    const openai = generationCalls().find((r) => r.service === 'openai');
    expect((openai?.body as { model: string }).model).toBe(chatGPT.defaultModel);
    expect(generationCalls().find((r) => r.service === 'gemini' || r.service === 'palm')?.path).toContain(`/${palmAPI.defaultModel}:`);
  });

  it('lists only text-generation models, newest first, and says when a model retires', async () => {
    const { chatGPT, palmAPI } = await offers();
    const ids = chatGPT.models.map((m) => m.id);
    expect(ids.some((id) => /embedding|whisper|dall-e|tts|moderation/.test(id))).toBe(false);
    expect(ids.indexOf('gpt-5.1')).toBeLessThan(ids.indexOf('gpt-4o-mini'));
    expect(chatGPT.models.find((m) => m.id === 'gpt-4o-mini')).toEqual({ id: 'gpt-4o-mini', retiresOn: '2027-01-14', reasons: false });
    expect(palmAPI.models.map((m) => m.id)).toEqual(['gemini-3-pro-preview', 'chat-bison-001']);
    expect(palmAPI.models[0]).toEqual({ id: 'gemini-3-pro-preview', reasons: true });
    // The spec's list routes give the same ids.
    expect((await server.client().get<string[]>(API_ROUTES.listModelsChatgpt)).body).toEqual(ids);
  });

  it('stops offering a model on its shutdown day', async () => {
    const later = await startTestServer({}, { fake, today: '2027-01-14' });
    try {
      const ids = (await offers(later)).chatGPT.models.map((m) => m.id);
      expect(ids).not.toContain('gpt-4o-mini');
      expect(ids).not.toContain('gpt-4.1');
      expect(ids).toContain('o3');
    } finally {
      await later.close();
    }
  });

  it("takes the operator's DEFAULT_MODEL_OPENAI / DEFAULT_MODEL_GOOGLE", async () => {
    const chosen = await startTestServer({ DEFAULT_MODEL_OPENAI: 'o3', DEFAULT_MODEL_GOOGLE: 'models/gemini-3-pro-preview' }, { fake, today: TODAY });
    try {
      const { chatGPT, palmAPI } = await offers(chosen);
      expect([chatGPT.defaultModel, palmAPI.defaultModel]).toEqual(['o3', 'gemini-3-pro-preview']);
    } finally {
      await chosen.close();
    }
  });
});

describe('a retired or unknown model chosen anyway', () => {
  it("gets that side's plain message for OpenAI's 404 model_not_found while the other side answers", async () => {
    const { body } = await compare({ prompt: 'Hi', chatGPT: { ...VISITOR_KEYS.chatGPT, model: 'o3-mini' } });
    expect(body.chatGPT.errorMsg).toBe('ChatGPT retired the model "o3-mini" on 2026-10-23. Pick another model.');
    expect(body.chatGPT.errorMsg).toBe(describeUpstreamError('chatGPT', 'upstream_model', { model: 'o3-mini', retiredOn: '2026-10-23' }));
    expect(body.palmAPI.errorMsg).toBeNull();
    const unknown = await compare({ prompt: 'Hi', chatGPT: { ...VISITOR_KEYS.chatGPT, model: 'gpt-9' } });
    expect(unknown.body.chatGPT.errorMsg).toBe('ChatGPT does not know the model "gpt-9", or the API key has no access to it. Pick another model.');
  });

  it("gets that side's plain message for Gemini's 404 NOT_FOUND while the other side answers", async () => {
    const { body } = await compare({ prompt: 'Hi', bardAPI: { ...VISITOR_KEYS.bardAPI, model: 'gemini-2.0-flash' } });
    expect(body.palmAPI.errorMsg).toBe('Palm API retired the model "gemini-2.0-flash" on 2026-06-01. Pick another model.');
    expect(body.chatGPT.errorMsg).toBeNull();
  });
});

describe('free prompts go only to offered models', () => {
  it('refuses a free prompt for an unlisted model, a tuned model or a retired one with 422 naming the offered models, calling nothing', async () => {
    const { palmAPI } = await offers();
    for (const body of [
      { prompt: 'Hi', chatGPT: { model: 'gpt-9' } },
      { prompt: 'Hi', bardAPI: { model: 'tunedModels/my-expensive-model' } },
      { prompt: 'Hi', bardAPI: { model: 'gemini-2.0-flash' } },
    ]) {
      const reply = await compare(body);
      expect(reply.status).toBe(422);
      expect(reply.body).toMatchObject({ code: 'model_not_offered' });
    }
    const tuned = await compare({ prompt: 'Hi', bardAPI: { model: 'tunedModels/my-expensive-model' } });
    expect((tuned.body as unknown as { message: string }).message).toBe(
      MODEL_TEXTS.notOffered('Palm API', 'tunedModels/my-expensive-model', palmAPI.models.map((m) => m.id)),
    );
    expect((tuned.body as unknown as { message: string }).message).toContain('gemini-3-pro-preview, chat-bison-001');
    // Both sides refused at once: each named by the spec body's own field, ChatGPT's first.
    const { chatGPT } = await offers();
    const both = await compare({ prompt: 'Hi', chatGPT: { model: 'gpt-9' }, bardAPI: { model: 'gemini-2.0-flash' } });
    const chatText = MODEL_TEXTS.notOffered('ChatGPT', 'gpt-9', chatGPT.models.map((m) => m.id));
    const palmText = MODEL_TEXTS.notOffered('Palm API', 'gemini-2.0-flash', palmAPI.models.map((m) => m.id));
    expect(both.status).toBe(422);
    expect(both.text).toBe(JSON.stringify({ message: `${chatText} ${palmText}`, code: 'model_not_offered', errors: { 'chatGPT.model': [chatText], 'bardAPI.model': [palmText] } }));
    expect(generationCalls()).toEqual([]);
    const blind = await server.client().post(API_ROUTES.blindComparison, { prompt: 'Hi', chatGPT: { model: 'gpt-9' } });
    expect(blind.status).toBe(422);
    expect(generationCalls()).toEqual([]);
  });

  it("does not spend a free prompt on a refusal; the visitor's own key may use any model it can list", async () => {
    const visitor = server.client();
    for (let i = 0; i < 8; i += 1) expect((await visitor.post(API_ROUTES.getChatData, { prompt: 'Hi', chatGPT: { model: 'gpt-9' } })).status).toBe(422);
    expect((await visitor.post<TComparisonResponse>(API_ROUTES.getChatData, { prompt: 'Hi' })).status).toBe(200);
    // The rule is the operator's bill only: a visitor's key reaches the service, whose own 404 is the answer, not a 422.
    const own = await compare({ prompt: 'Hi', chatGPT: { ...VISITOR_KEYS.chatGPT, model: 'gpt-9' }, bardAPI: { ...VISITOR_KEYS.bardAPI, model: 'tunedModels/mine' } });
    expect(own.status).toBe(200);
    expect(own.body.chatGPT.errorMsg).toMatch(/does not know the model "gpt-9"/);
    expect(own.body.palmAPI.errorMsg).toMatch(/does not know the model "tunedModels\/mine"/);
  });

  it("follows OFFERED_MODELS_OPENAI / OFFERED_MODELS_GOOGLE: the page offers those, a free prompt for another listed model is refused", async () => {
    const narrow = await startTestServer({ OFFERED_MODELS_OPENAI: 'gpt-5-nano, o3', OFFERED_MODELS_GOOGLE: 'gemini-3-pro-preview' }, { fake, today: TODAY });
    try {
      const { chatGPT, palmAPI } = await offers(narrow);
      expect(chatGPT.models.map((m) => m.id)).toEqual(['gpt-5-nano', 'o3']);
      expect(palmAPI.models.map((m) => m.id)).toEqual(['gemini-3-pro-preview']);
      const refused = await compare({ prompt: 'Hi', chatGPT: { model: 'gpt-5' } }, narrow);
      expect(refused.status).toBe(422);
      expect((refused.body as unknown as { message: string }).message).toBe(MODEL_TEXTS.notOffered('ChatGPT', 'gpt-5', ['gpt-5-nano', 'o3']));
      expect(generationCalls()).toEqual([]);
      const own = await compare({ prompt: 'Hi', chatGPT: { ...VISITOR_KEYS.chatGPT, model: 'gpt-5' } }, narrow);
      expect(own.body.chatGPT.errorMsg).toBeNull();
    } finally {
      await narrow.close();
    }
  });
});

describe('reasoning models over the wire', () => {
  it('send max_completion_tokens and reasoning_effort, leave out sampling settings, and count reasoning tokens in the metrics and the cost', async () => {
    const { body } = await compare({ prompt: 'Hi', chatGPT: { model: 'gpt-5-nano', temperature: 0.5, top_p: 0.3, frequencyPenalty: 1, maxLength: 500, reasoningEffort: 'low' } });
    expect(body.chatGPT.errorMsg).toBeNull();
    const sent = generationCalls().find((r) => r.service === 'openai')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ model: 'gpt-5-nano', max_completion_tokens: 500, reasoning_effort: 'low' });
    for (const field of ['temperature', 'top_p', 'frequency_penalty', 'presence_penalty', 'max_tokens']) expect(sent).not.toHaveProperty(field);
    expect(body.chatGPT.usage?.reasoningTokens).toBe(64);
    const { inputTokens, outputTokens } = body.chatGPT.usage!;
    expect(outputTokens).toBeGreaterThan(64);
    expect(body.chatGPT.cost).toBe(Math.round(inputTokens * 0.05 + outputTokens * 0.4) / 1e6);
  });

  it("count a Gemini thinking model's thoughts as reasoning tokens in the metrics and, as output, in the cost", async () => {
    const { body } = await compare({ prompt: 'Hi', bardAPI: { model: 'gemini-3-pro-preview' } });
    expect(body.palmAPI.errorMsg).toBeNull();
    expect(body.palmAPI.usage?.reasoningTokens).toBe(SIMULATED_THOUGHTS_TOKENS);
    const { inputTokens, outputTokens } = body.palmAPI.usage!;
    expect(outputTokens).toBeGreaterThan(SIMULATED_THOUGHTS_TOKENS);
    // gemini-3-pro-preview: $2 in, $12 out per million tokens (upstreams/google/catalog.ts).
    expect(body.palmAPI.cost).toBe(Math.round(inputTokens * 2 + outputTokens * 12) / 1e6);
  });

  it('send the sampling settings when the visitor insists, and the service says why it refuses them', async () => {
    const { body } = await compare({ prompt: 'Hi', chatGPT: { model: 'gpt-5-nano', temperature: 0.5, sendUnsupported: true } });
    expect((generationCalls().find((r) => r.service === 'openai')?.body as Record<string, unknown>).temperature).toBe(0.5);
    expect(body.chatGPT.errorMsg).toMatch(/^ChatGPT rejected the request: temperature: Unsupported value/);
    expect(body.palmAPI.errorMsg).toBeNull();
  });
});

describe('the catalogs’ age', () => {
  it('starts with one warning line once a built-in catalog is more than 120 days old, and without it before', async () => {
    const log = captureLog();
    const old = await startTestServer({ LOG_LEVEL: 'info' }, { fake, today: '2027-06-01', logStream: log.stream });
    await old.close();
    expect(log.named(/more than 120 days old/)).toHaveLength(1);
    const fresh = captureLog();
    const current = await startTestServer({ LOG_LEVEL: 'info' }, { fake, today: TODAY, logStream: fresh.stream });
    await current.close();
    expect(fresh.named(/more than 120 days old/)).toHaveLength(0);
  });
});
