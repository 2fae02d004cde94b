import { afterEach, describe, expect, it, vi } from 'vitest';
import { listGoogleModels } from './models.ts';

const config = { openaiBaseUrl: 'http://x/v1', googleBaseUrl: 'http://google.test/', timeoutMs: 1_000, maxRetries: 0, maxRetryDelayMs: 0 };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const model = (name: string, ...methods: string[]) => ({ name: `models/${name}`, supportedGenerationMethods: methods });

/** Answers by URL; records every URL asked for. */
function stubFetch(answer: (url: URL) => Response) {
  const urls: URL[] = [];
  vi.stubGlobal('fetch', (input: string) => {
    const url = new URL(input);
    urls.push(url);
    return Promise.resolve(answer(url));
  });
  return urls;
}

afterEach(() => vi.unstubAllGlobals());

describe('listGoogleModels', () => {
  it('follows nextPageToken, keeps generateContent text models, ignores a dead PaLM API', async () => {
    const urls = stubFetch((url) => {
      if (url.pathname.startsWith('/v1beta2/')) return json(404, { error: { code: 404, message: 'Method not found.', status: 'NOT_FOUND' } });
      return url.searchParams.get('pageToken') === 'p2'
        ? json(200, { models: [model('gemini-2.5-pro', 'generateContent'), model('gemini-2.5-flash-preview-tts', 'generateContent')] })
        : json(200, {
            models: [model('gemini-2.0-flash', 'generateContent', 'countTokens'), model('text-embedding-004', 'embedContent')],
            nextPageToken: 'p2',
          });
    });
    expect(await listGoogleModels(config, 'AIza-key', new AbortController().signal)).toEqual(['gemini-2.0-flash', 'gemini-2.5-pro']);
    expect(urls.map((u) => `${u.pathname}${u.search}`).sort()).toEqual(['/v1beta/models', '/v1beta/models?pageToken=p2', '/v1beta2/models']);
  });

  it('adds PaLM chat models when v1beta2 answers', async () => {
    stubFetch((url) =>
      url.pathname.startsWith('/v1beta2/')
        ? json(200, { models: [model('chat-bison-001', 'generateMessage'), model('text-bison-001', 'generateText')] })
        : json(200, { models: [model('gemini-2.0-flash', 'generateContent')] }),
    );
    expect(await listGoogleModels(config, 'k', new AbortController().signal)).toEqual(['chat-bison-001', 'gemini-2.0-flash']);
  });

  it('fails with the Gemini error', async () => {
    stubFetch(() =>
      json(400, {
        error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT', details: [] },
      }),
    );
    await expect(listGoogleModels(config, 'k', new AbortController().signal)).rejects.toMatchObject({ code: 'upstream_auth' });
  });
});
