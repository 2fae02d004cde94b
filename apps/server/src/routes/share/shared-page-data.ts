import { SHARED_PAGE_DATA_ID, type SharedAnswersHtml, type TSharedChat, type TSharedPageData } from '@promptpair/contract';
import { insertBeforeHeadEnd } from '../../lib/html-head.ts';
import type { AnswerHtml } from '../../services/answer-html.ts';

/**
 * Most characters of comparison a shared page carries in its HTML (a conversation's turns together). The longest prompt (32,000
 * characters, at most 192,000 once every `<` is escaped) with two answers at the server's render cap
 * (16,000 characters each, as text and as HTML) fits; answers up to the upstream size cap (4 MB by
 * default) do not, and such a page carries less (see `embedSharedChat`), so no accepted comparison
 * makes a page larger than index.html, its preview and this.
 */
export const SHARED_PAGE_DATA_MAX_CHARS = 1_048_576;

export async function sharedPageData(hash: string, chat: TSharedChat, answers: AnswerHtml): Promise<TSharedPageData> {
  const html = (message: string | null) => (message === null ? null : answers.render(message));
  const both = async (pair: Pick<TSharedChat, 'chatGPT' | 'palmAPI'>): Promise<SharedAnswersHtml> => {
    const [chatGPT, palmAPI] = await Promise.all([html(pair.chatGPT.message), html(pair.palmAPI.message)]);
    return { chatGPT, palmAPI };
  };
  // A conversation's page shows every turn; its last is the top-level comparison, rendered once (the cache holds it).
  const turns = chat.conversation?.turns;
  const [top, turnsHtml] = await Promise.all([both(chat), turns ? Promise.all(turns.map(both)) : undefined]);
  return { hash, chat, html: top, ...(turnsHtml ? { turnsHtml } : {}) };
}

const NO_HTML: SharedAnswersHtml = { chatGPT: null, palmAPI: null };

/** JSON the HTML parser cannot end early: every `<` is escaped, so no text in it closes the element or opens a comment. */
const scriptSafeJson = (data: TSharedPageData) => JSON.stringify(data).replace(/</g, '\\u003c');

/**
 * The page with its comparison as JSON inside a `<script type="application/json">`, which the
 * browser never runs. Over the ceiling, the answers go without their HTML (the browser renders
 * them); still over it, the page carries nothing and loads the comparison from the API, as it does
 * for a page opened inside the app.
 */
export function embedSharedChat(html: string, data: TSharedPageData): string {
  const withoutHtml = { ...data, html: NO_HTML, ...(data.turnsHtml ? { turnsHtml: data.turnsHtml.map(() => NO_HTML) } : {}) };
  for (const carried of [data, withoutHtml]) {
    const json = scriptSafeJson(carried);
    if (json.length <= SHARED_PAGE_DATA_MAX_CHARS) {
      return insertBeforeHeadEnd(html, `  <script type="application/json" id="${SHARED_PAGE_DATA_ID}">${json}</script>\n  `);
    }
  }
  return html;
}
