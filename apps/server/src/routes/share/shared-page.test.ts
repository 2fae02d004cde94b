import { existsSync } from 'node:fs';
import { rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  API_ROUTES,
  MESSAGES,
  RATE_LIMIT_MESSAGES,
  RATE_LIMITS,
  SHARED_PAGE_DATA_ID,
  sharedChatApiPath,
  sharedChatPagePath,
  type TComparisonResponse,
  type TSharedChat,
  type TSharedPageData,
  type TShareResponse,
} from '@promptpair/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnswerHtml } from '../../services/answer-html.ts';
import type { TestResponse } from '../../test/test-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { escapeHtml, GENERIC_PREVIEW, summarise } from './open-graph.ts';
import { SHARED_PAGE_SOURCE } from './shared-page.route.ts';
import { embeddedOrNull, INDEX_HTML, metaContent, writeWebBuild } from './test/web-build.ts';

let server: TestServer;
let webRoot: string;
beforeAll(async () => {
  webRoot = await writeWebBuild();
  server = await startTestServer({}, { webRoot });
});
afterAll(async () => {
  await server.close();
  await rm(webRoot, { recursive: true, force: true });
});

function embedded(html: string): TSharedPageData {
  const data = embeddedOrNull(html);
  if (!data) throw new Error('the page carries no comparison');
  return data;
}
const meta = metaContent;

async function sharedLink(prompt: string) {
  const owner = server.client();
  const { logId } = (await owner.post<TComparisonResponse>(API_ROUTES.getChatData, { prompt })).body;
  return (await owner.post<TShareResponse>(API_ROUTES.shareLink, { logId })).body.url;
}

describe('GET /chatid/{hash}', () => {
  it('serves the page with Open Graph meta made from the prompt, escaped', async () => {
    const prompt = 'Compare <script>alert("x")</script> & "quotes"\nin two   lines';
    const url = await sharedLink(prompt);
    const { status, headers, text } = await server.client().get(new URL(url).pathname);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(text).not.toContain('<script>alert');
    expect(text).toContain('id="root"');
    expect(meta(text, 'og:type')).toBe('website');
    expect(meta(text, 'og:url')).toBe(url);
    expect(meta(text, 'og:description')).toBe(escapeHtml(summarise(prompt)));
    expect(meta(text, 'og:title')).toContain('PromptPair');
    expect(meta(text, 'description')).toBe(meta(text, 'og:description'));
    expect(text.match(/<title>/g)).toHaveLength(1);
    expect(text).not.toContain('The generic description.');
  });

  it('serves the page with the generic preview for an unknown hash, with no comparison and no preloads', async () => {
    const path = sharedChatPagePath('AAAAAAAAAAAAAAAAAAAAAA');
    const { status, text } = await server.client().get(path);
    expect(status).toBe(200);
    expect(meta(text, 'og:title')).toBe(escapeHtml(GENERIC_PREVIEW.title));
    expect(meta(text, 'og:url')).toBe(server.url + path);
    expect(text).not.toContain(SHARED_PAGE_DATA_ID);
    expect(text).not.toContain('shared-chat-page-1.js');
  });

  it('carries the comparison as the API gives it, with its answers rendered, and preloads the page’s code and styles', async () => {
    const answer = '| Name | Cost |\n| --- | --- |\n| quick | n log n |\n\n```js\nconst answer = 42;\n```';
    const url = await sharedLink(`Show me. [[all:text=${answer}]]`);
    const { text } = await server.client().get(new URL(url).pathname);
    const data = embedded(text);
    const hash = new URL(url).pathname.split('/').pop()!;
    expect(data.hash).toBe(hash);
    expect(data.chat).toEqual((await server.client().get<TSharedChat>(sharedChatApiPath(hash))).body);
    expect(data.chat.chatGPT.message).toBe(answer);
    const answers = createAnswerHtml();
    expect(data.html).toEqual({ chatGPT: await answers.render(answer), palmAPI: await answers.render(data.chat.palmAPI.message!) });
    expect(data.html.chatGPT).toContain('<span class="hljs-keyword">const</span>');
    // The page's own chunk and what it imports, once each; the entry and React are linked already.
    expect(text).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-chat-page-1.js">');
    expect(text).toContain('<link rel="modulepreload" crossorigin href="/assets/copy-1.js">');
    expect(text).toContain('<link rel="stylesheet" crossorigin href="/assets/answer-1.css">');
    expect(text.match(/\/assets\/index-1\.js/g)).toHaveLength(1);
    expect(text.match(/\/assets\/react-1\.js/g)).toHaveLength(1);
    expect(text.indexOf('shared-chat-page-1.js')).toBeLessThan(text.indexOf('</head>'));
  });

  it('lets no text of the comparison close its script element or run: prompt and answers stay data', async () => {
    const hostile = '</script><script>window.__hostile=1</script><!-- <img src=x onerror="window.__hostile=2">';
    const url = await sharedLink(`${hostile} [[all:text=${hostile}]]`);
    const { text } = await server.client().get(new URL(url).pathname);
    // The page's one module script and the comparison's data: nothing else is a script element.
    expect(text.match(/<script\b/gi)).toHaveLength(2);
    expect(text).not.toContain('<img');
    const data = embedded(text);
    expect(data.chat.prompt).toBe(`${hostile} [[all:text=${hostile}]]`);
    expect(data.chat.chatGPT.message).toBe(hostile);
    expect(data.html.chatGPT).not.toMatch(/<(?:script|img)\b/i);
    expect(data.html.chatGPT).toContain('&lt;script&gt;window.__hostile=1&lt;/script&gt;');
  });

  it('answers a hash longer than the router takes with JSON 404, page and API alike (no such link exists)', async () => {
    const hash = 'h'.repeat(150);
    for (const path of [sharedChatPagePath(hash), `/api/chat/${hash}`]) {
      expect(await server.client().get(path)).toMatchObject({ status: 404, body: { message: MESSAGES.notFound, code: 'not_found' } });
    }
  });

  it('picks up a rebuilt index.html without a restart', async () => {
    const path = sharedChatPagePath('AAAAAAAAAAAAAAAAAAAAAA');
    await server.client().get(path);
    const file = join(webRoot, 'index.html');
    await writeFile(file, INDEX_HTML.replace('<div id="root"></div>', '<div id="root" data-build="2"></div>'));
    await utimes(file, new Date(), new Date(Date.now() + 5000));
    expect((await server.client().get(path)).text).toContain('data-build="2"');
  });

  it('names the shared page by a module the web app has', () => {
    expect(existsSync(new URL(`../../../../web/${SHARED_PAGE_SOURCE}`, import.meta.url))).toBe(true);
  });

  it(`is rate-limited: ${RATE_LIMITS.sharedPage.perVisitor.max} a minute per visitor, ${RATE_LIMITS.sharedPage.perIp.max} per address, then 429 with Retry-After`, async () => {
    const path = sharedChatPagePath('AAAAAAAAAAAAAAAAAAAAAA');
    const expectRefused = (answer: TestResponse, windowMs: number) => {
      expect(answer).toMatchObject({ status: 429, body: { message: RATE_LIMIT_MESSAGES.sharedPage, code: 'rate_limited' } });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(answer.headers.get('retry-after'))).toBeLessThanOrEqual(windowMs / 1000);
    };
    const visitor = server.client({ ip: '10.60.0.1' });
    for (let i = 0; i < RATE_LIMITS.sharedPage.perVisitor.max; i++) expect((await visitor.get(path)).status).toBe(200);
    expectRefused(await visitor.get(path), RATE_LIMITS.sharedPage.perVisitor.windowMs);
    // A script that drops its cookie is caught by address; another address is not held up.
    for (let i = 0; i < RATE_LIMITS.sharedPage.perIp.max; i++) expect((await server.client({ ip: '10.60.0.2' }).get(path)).status).toBe(200);
    expectRefused(await server.client({ ip: '10.60.0.2' }).get(path), RATE_LIMITS.sharedPage.perIp.windowMs);
    expect((await server.client({ ip: '10.60.0.3' }).get(path)).status).toBe(200);
  });

  it('cuts a long prompt at a word for the description', () => {
    const long = `${'word '.repeat(100)}end`;
    const summary = summarise(long);
    expect(summary.length).toBeLessThanOrEqual(200);
    expect(summary).toMatch(/word…$/);
  });
});

describe('routing with the web app', () => {
  it('answers the SPA for every client route, deep links and reloads included', async () => {
    for (const path of ['/', '/privacy-policy', '/terms-and-conditions', '/some/unknown/page']) {
      const { status, text } = await server.client().get(path);
      expect(status).toBe(200);
      expect(text).toContain('id="root"');
    }
  });

  it('answers a missing script or style with 404, never the page (a browser would run HTML as code)', async () => {
    for (const path of ['/assets/index-missing.js', '/assets/missing.css', '/favicon.ico']) {
      const { status, text } = await server.client().get(path);
      expect(status).toBe(404);
      expect(text).not.toContain('id="root"');
    }
  });

  it('answers unknown API paths with JSON 404, never the page', async () => {
    for (const path of ['/api/nope', '/api/chat', '/log-details/nope']) {
      const { status, body } = await server.client().get(path);
      expect(status).toBe(404);
      expect(body).toEqual({ message: MESSAGES.notFound, code: 'not_found' });
    }
  });
});
