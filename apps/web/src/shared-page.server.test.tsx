import { MarkdownView } from '@promptpair/answer-markdown/render';
import { MESSAGES, SHARED_PAGE_DATA_ID, sharedChatPagePath, type TSharedChat, type TSharedPageData } from '@promptpair/contract';
import { act } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './app/app.tsx';
import { pageReady } from './app/routes.tsx';
import { renderSharedPage } from './shared-page.server.tsx';
import { expectNothingRuns, HOSTILE_ANSWER, MARKDOWN_ANSWER } from './test/answers.ts';
import { aResult } from './test/fetch-mock.ts';

const HASH = 'AbCdEfGhIjKlMnOpQrStUv';
const BREAKING_OUT = '</div></main><script>window.__hostile = 4</script><!-- <div id="root">';

const asHtml = (text: string) => renderToStaticMarkup(<MarkdownView text={text} />);
function pageData(chat: TSharedChat): TSharedPageData {
  return { hash: HASH, chat, html: { chatGPT: chat.chatGPT.message && asHtml(chat.chatGPT.message), palmAPI: chat.palmAPI.message && asHtml(chat.palmAPI.message) } };
}
const shared = pageData({
  chatGPT: aResult({ message: MARKDOWN_ANSWER, tokens: 7 }),
  palmAPI: aResult({ message: `${HOSTILE_ANSWER}\n\n${BREAKING_OUT}` }),
  prompt: `Compare ${BREAKING_OUT} & "quotes"`,
  created_at: '2024-01-01T00:00:00.000Z',
});

/** The page as the server sends it: the comparison as JSON in its head, the markup in #root. */
function serve(data: TSharedPageData, markup: string): HTMLElement {
  const json = document.createElement('script');
  json.type = 'application/json';
  json.id = SHARED_PAGE_DATA_ID;
  json.textContent = JSON.stringify(data);
  document.head.append(json);
  document.body.innerHTML = `<div id="root">${markup}</div>`;
  window.history.replaceState(null, '', sharedChatPagePath(data.hash));
  return document.getElementById('root')!;
}

let hydrated: Root | undefined;
afterEach(() => {
  act(() => hydrated?.unmount());
  hydrated = undefined;
  document.getElementById(SHARED_PAGE_DATA_ID)?.remove();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('renderSharedPage', () => {
  it('writes the page the browser shows: header, prompt, verdict, both answers rendered, footer', async () => {
    const root = serve(shared, (await renderSharedPage(shared))!);
    expect(root.querySelector('header.site-header')).not.toBeNull();
    expect(root.querySelector('h1')?.textContent).toBe('Shared comparison');
    expect(root.querySelector('.shared-prompt')?.textContent).toBe(shared.chat.prompt);
    expect(root.querySelector('[aria-label="Verdict"]')).not.toBeNull();
    expect(root.querySelector('table')?.textContent).toContain('n log n');
    expect(root.querySelector('footer nav')?.textContent).toContain('Contact Us');
    expect(root.textContent).not.toContain(MESSAGES.loading);
  });

  it('keeps every text of the comparison text: nothing closes its element, adds one or runs', async () => {
    const root = serve(shared, (await renderSharedPage(shared))!);
    expectNothingRuns(root.querySelector<HTMLElement>('[aria-label="Palm API answer"]')!);
    expect(root.querySelector('script')).toBeNull();
    // One of each landmark, in place: the prompt's `</div></main>` closed nothing.
    expect(document.querySelectorAll('main, footer, #root')).toHaveLength(3);
    expect(root.querySelector('main footer, footer main')).toBeNull();
    expect(root.textContent).toContain(BREAKING_OUT);
  });

  it('is hydrated by the browser’s own first render without a mismatch or a change', async () => {
    const root = serve(shared, (await renderSharedPage(shared))!);
    const before = root.innerHTML;
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    await pageReady(window.location.pathname);
    await act(async () => {
      hydrated = hydrateRoot(root, <StrictMode><App /></StrictMode>, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    // React's development build warns when two renderers share a context in one process: the
    // server's and the browser's, here only (they never meet in a browser).
    const bothRenderers = (call: unknown[]) => String(call[0]).startsWith('Detected multiple renderers concurrently rendering the same context provider');
    expect(errors.mock.calls.filter((call) => !bothRenderers(call))).toEqual([]);
    // Hydration leaves the server's elements in place; afterwards the theme switch joins the header.
    expect(root.querySelector('.shared-prompt')?.textContent).toBe(shared.chat.prompt);
    expect(root.innerHTML.length).toBeGreaterThanOrEqual(before.length);
  });

  it('leaves a page with an answer the server did not render to the browser', async () => {
    expect(await renderSharedPage({ ...shared, html: { chatGPT: null, palmAPI: shared.html.palmAPI } })).toBeNull();
  });
});
