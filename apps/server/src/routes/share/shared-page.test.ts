import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_ROUTES, MESSAGES, sharedChatPagePath, type TComparisonResponse, type TShareResponse } from '@promptpair/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { escapeHtml, GENERIC_PREVIEW, summarise } from './open-graph.ts';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The generic description." />
    <title>PromptPair: generic</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

let server: TestServer;
let webRoot: string;
beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'promptpair-web-'));
  await writeFile(join(webRoot, 'index.html'), INDEX_HTML);
  server = await startTestServer({}, { webRoot });
});
afterAll(async () => {
  await server.close();
  await rm(webRoot, { recursive: true, force: true });
});

/** The content of one meta tag, read the way an unfurling bot does. */
const meta = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

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

  it('serves the page with the generic preview for an unknown hash', async () => {
    const path = sharedChatPagePath('AAAAAAAAAAAAAAAAAAAAAA');
    const { status, text } = await server.client().get(path);
    expect(status).toBe(200);
    expect(meta(text, 'og:title')).toBe(escapeHtml(GENERIC_PREVIEW.title));
    expect(meta(text, 'og:url')).toBe(server.url + path);
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
