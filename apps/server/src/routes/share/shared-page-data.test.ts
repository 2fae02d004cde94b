import { SHARED_PAGE_DATA_ID, type TSharedPageData } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { embedSharedChat, SHARED_PAGE_DATA_MAX_CHARS } from './shared-page-data.ts';
import { embeddedOrNull } from './test/web-build.ts';

const PAGE = '<html><head><title>t</title></head><body></body></html>';
const side = (message: string) => ({ message, tokens: 1, rawOutput: null, errorMsg: null, elapsedTime: 0.1 });
function data(message: string, html: string | null): TSharedPageData {
  return {
    hash: 'AAAAAAAAAAAAAAAAAAAAAA',
    chat: { chatGPT: side(message), palmAPI: side('short'), prompt: 'p', created_at: '2025-01-01T00:00:00.000Z' },
    html: { chatGPT: html, palmAPI: '<p>short</p>' },
  };
}

describe('the comparison a shared page carries', () => {
  it('is all of it, answers rendered, when it fits', () => {
    const carried = data('hello', '<p>hello</p>');
    const page = embedSharedChat(PAGE, carried);
    expect(embeddedOrNull(page)).toEqual(carried);
    expect(page.indexOf(SHARED_PAGE_DATA_ID)).toBeLessThan(page.indexOf('</head>'));
  });

  it('goes without the rendered answers when they would take it over the ceiling (the browser renders them)', () => {
    const carried = data('hello', `<p>${'x'.repeat(SHARED_PAGE_DATA_MAX_CHARS)}</p>`);
    const page = embedSharedChat(PAGE, carried);
    expect(embeddedOrNull(page)).toEqual({ ...carried, html: { chatGPT: null, palmAPI: null } });
    expect(page.length).toBeLessThan(PAGE.length + 1_000);
  });

  it('is left out when the answers alone are over the ceiling (the page loads them from the API)', () => {
    expect(embedSharedChat(PAGE, data('x'.repeat(SHARED_PAGE_DATA_MAX_CHARS), null))).toBe(PAGE);
  });

  it('counts the ceiling on the escaped text: every `<` is six characters in the page', () => {
    const lessThans = data('<'.repeat(Math.ceil(SHARED_PAGE_DATA_MAX_CHARS / 6)), null);
    expect(JSON.stringify(lessThans).length).toBeLessThan(SHARED_PAGE_DATA_MAX_CHARS);
    expect(embedSharedChat(PAGE, lessThans)).toBe(PAGE);
  });

  it("drops every turn's rendered answers of a conversation together when they take it over the ceiling", () => {
    const turn = (n: number) => ({ turn: n, prompt: `p${n}`, created_at: '2025-01-01T00:00:00.000Z', chatGPT: side(`a${n}`), palmAPI: side(`b${n}`) });
    const base = data('a2', '<p>a2</p>');
    const carried: TSharedPageData = {
      ...base,
      chat: { ...base.chat, conversation: { id: 'c', turns: [turn(1), turn(2)] } },
      turnsHtml: [{ chatGPT: `<p>${'x'.repeat(SHARED_PAGE_DATA_MAX_CHARS)}</p>`, palmAPI: '<p>b1</p>' }, { chatGPT: '<p>a2</p>', palmAPI: '<p>b2</p>' }],
    };
    const page = embedSharedChat(PAGE, carried);
    const none = { chatGPT: null, palmAPI: null };
    expect(embeddedOrNull(page)).toEqual({ ...carried, html: none, turnsHtml: [none, none] });
    expect(embeddedOrNull(embedSharedChat(PAGE, { ...carried, turnsHtml: [{ chatGPT: '<p>a1</p>', palmAPI: '<p>b1</p>' }, { chatGPT: '<p>a2</p>', palmAPI: '<p>b2</p>' }] }))?.turnsHtml?.[0]).toEqual({ chatGPT: '<p>a1</p>', palmAPI: '<p>b1</p>' });
  });
});
