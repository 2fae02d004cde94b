import { rm } from 'node:fs/promises';
import { API_ROUTES, INPUT_LIMITS, sharedChatPagePath, type TComparisonResponse, type TShareResponse } from '@promptpair/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchange } from '../../test/raw-http.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { escapeHtml, summarise } from './open-graph.ts';
import { SHARED_PAGE_DATA_MAX_CHARS } from './shared-page-data.ts';
import { embeddedOrNull, INDEX_HTML, metaContent, tagCounts, writeWebBuild } from './test/web-build.ts';

// JavaScript's replace reads these in a replacement string: the whole match, the text before it,
// the text after it, a dollar, a group, a named group. Visitor text must come through as written.
const PATTERNS = ['$&', '$`', "$'", '$$', '$1', '$<x>'];
const DOLLARS = `Patterns ${PATTERNS.join(' ')} end`;
/** The same text without a dollar: same length, same escaping, so its page is the plain twin. */
const plainTwin = (text: string) => text.replaceAll('$', 'S');
/** Slack for what differs between two comparisons of the same length (times, elapsed seconds). */
const SIZE_SLACK = 256;

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

/** Compares `prompt` (both services answering `answer` when given), shares it and answers the shared page's path. */
async function sharedPath(prompt: string, answer?: string): Promise<string> {
  if (answer !== undefined) for (const service of ['openai', 'google'] as const) server.fake.script(service, { text: answer });
  const owner = server.client();
  const compared = await owner.post<TComparisonResponse>(API_ROUTES.getChatData, { prompt });
  expect(compared.status).toBe(200);
  const shared = await owner.post<TShareResponse>(API_ROUTES.shareLink, { logId: compared.body.logId });
  expect(shared.status).toBe(200);
  return new URL(shared.body.url).pathname;
}

async function page(path: string): Promise<string> {
  const { status, text } = await server.client().get(path);
  expect(status).toBe(200);
  return text;
}

/** The page as a client that names `host` gets it (fetch cannot set Host; a raw request can). */
async function pageForHost(path: string, host: string): Promise<string> {
  const [response] = await exchange(server.url, [{ method: 'GET', path, headers: { host } }]);
  expect(response!.status).toBe(200);
  return response!.body;
}

/** Text as React escapes it in rendered answers. */
const reactEscape = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[char] ?? char);

/**
 * The attribute names of every meta element. Attribute values are escaped (no raw `>` or `"`),
 * so an element ends at the first `>` and a value at the next quote.
 */
function metaAttributeNames(html: string): string[] {
  const tags = html.match(/<meta\b[^>]*>/gi) ?? [];
  return [...new Set(tags.flatMap((tag) => [...tag.replace(/"[^"]*"/g, '""').matchAll(/\s([\w:-]+)=/g)].map(([, name]) => name!.toLowerCase())))].sort();
}

function expectSameShape(html: string, plain: string): void {
  expect(tagCounts(html)).toEqual(tagCounts(plain));
  expect(tagCounts(html)).toMatchObject({ title: 1, head: 1 });
  expect(Math.abs(html.length - plain.length)).toBeLessThanOrEqual(SIZE_SLACK);
}

describe('a shared page with replacement patterns in its text', () => {
  it('carries a prompt of them verbatim: data, title and description, with the tags of a plain page', async () => {
    const html = await page(await sharedPath(DOLLARS));
    const plain = await page(await sharedPath(plainTwin(DOLLARS)));
    expect(embeddedOrNull(html)?.chat.prompt).toBe(DOLLARS);
    expect(metaContent(html, 'og:description')).toBe(escapeHtml(summarise(DOLLARS)));
    expect(metaContent(html, 'description')).toBe(escapeHtml(summarise(DOLLARS)));
    expect(metaContent(html, 'og:title')).toContain(escapeHtml(summarise(DOLLARS)));
    expect(html).toContain(`<title>PromptPair: ChatGPT and Palm API answer “${escapeHtml(DOLLARS)}”</title>`);
    expectSameShape(html, plain);
  });

  it('carries an answer of them verbatim, as data and rendered, with the tags of a plain page', async () => {
    const answer = `Run this:\n\n\`\`\`sh\nsed -e 's/$/x/' -e "s/^/$1/" file # ${PATTERNS.join(' ')}\n\`\`\`\n\n${DOLLARS}`;
    const html = await page(await sharedPath('A shell question', answer));
    const plain = await page(await sharedPath('A shell question', plainTwin(answer)));
    const data = embeddedOrNull(html);
    expect(data?.chat.chatGPT.message).toBe(answer);
    expect(data?.chat.palmAPI.message).toBe(answer);
    for (const rendered of [data?.html.chatGPT, data?.html.palmAPI]) {
      expect(rendered).toContain(`<p>${reactEscape(DOLLARS)}</p>`);
      expect(rendered).toContain(`<span class="hljs-comment"># ${reactEscape(PATTERNS.join(' '))}</span>`);
    }
    expectSameShape(html, plain);
  });

  it('adds no tag for a prompt shaped to break out of the head: no refresh, no redirect', async () => {
    const hostile = `"></title>$&<meta http-equiv="refresh" content="0;url=https://evil.example/">$\`$'</head><body>`;
    const html = await page(await sharedPath(hostile));
    const plain = await page(await sharedPath(plainTwin(hostile)));
    expect(metaAttributeNames(html)).not.toContain('http-equiv');
    expect(metaAttributeNames(html)).toEqual(metaAttributeNames(plain));
    expect(embeddedOrNull(html)?.chat.prompt).toBe(hostile);
    expect(metaContent(html, 'og:description')).toBe(escapeHtml(summarise(hostile)));
    expectSameShape(html, plain);
    expect(tagCounts(html)).toEqual(tagCounts(await page(sharedChatPagePath('AAAAAAAAAAAAAAAAAAAAAA'))) && tagCounts(plain));
  });

  it('carries a Host header of them verbatim in og:url when PUBLIC_URL is unset, on a shared page and an unknown one', async () => {
    const host = `example.test$&$\`$'$$$1$<x>`;
    const plainHost = plainTwin(host);
    for (const path of [await sharedPath('Shared under an odd host'), sharedChatPagePath('AAAAAAAAAAAAAAAAAAAAAA')]) {
      const html = await pageForHost(path, host);
      expect(metaContent(html, 'og:url')).toBe(escapeHtml(`http://${host}${path}`));
      expectSameShape(html, await pageForHost(path, plainHost));
    }
  });

  it('leaves the index page as built, whatever the Host header holds', async () => {
    const html = await pageForHost('/', `example.test$&$\`$'$$$1$<x>`);
    expect(html).toBe(INDEX_HTML);
    expect(await pageForHost('/privacy-policy', 'plain.example')).toBe(INDEX_HTML);
  });
});

describe('the size of a shared page', () => {
  it('shares and loads the longest prompt the product accepts, made of patterns and `<` (the dearest to escape)', async () => {
    const unit = '$`$&<$\'';
    const longest = unit.repeat(Math.ceil(INPUT_LIMITS.promptMaxChars / unit.length)).slice(0, INPUT_LIMITS.promptMaxChars);
    const html = await page(await sharedPath(longest));
    expect(embeddedOrNull(html)?.chat.prompt).toBe(longest);
    expectSameShape(html, await page(await sharedPath(plainTwin(longest))));
    expect(html.length).toBeLessThan(INDEX_HTML.length + 4_000 + SHARED_PAGE_DATA_MAX_CHARS);
  });

  it('keeps an answer too large to carry out of the page: the page stays small and the API still has it', async () => {
    const huge = `${'A long answer line. '.repeat(60_000)}end`;
    const path = await sharedPath('Write at length', huge);
    const html = await page(path);
    expect(embeddedOrNull(html)).toBeNull();
    expect(html.length).toBeLessThan(INDEX_HTML.length + 4_000);
    const hash = path.split('/').pop()!;
    const api = await server.client().get<{ chatGPT: { message: string } }>(`/api/chat/${hash}`);
    expect(api.body.chatGPT.message).toBe(huge);
  });
});
