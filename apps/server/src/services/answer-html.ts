import { loadOnce } from '../lib/load-once.ts';

/**
 * The Markdown renderer (React, react-markdown, highlight.js) is loaded with the first shared page,
 * not at start: a process that only runs comparisons never holds it (about 30 MB of memory and a
 * few hundred milliseconds of start-up). A failed load is tried again by the next page.
 */
const loadRenderer = loadOnce(async (): Promise<(text: string) => string> => {
  const [{ rehypeHighlightCode }, { MarkdownView }, { createElement }, { renderToStaticMarkup }] = await Promise.all([
    import('@promptpair/answer-markdown/highlight'),
    import('@promptpair/answer-markdown/render'),
    import('react'),
    import('react-dom/server'),
  ]);
  return (text) => renderToStaticMarkup(createElement(MarkdownView, { text, highlighter: rehypeHighlightCode }));
});

/**
 * Rendering costs about 7 µs of CPU per character of Markdown here (parsing, then highlighting), on
 * the event loop: a longer answer is left to the browser, which renders it as it would anyway.
 */
export const SERVER_RENDER_MAX_CHARS = 16_000;
/** Rendered answers kept, by total characters of Markdown: a shared page is read far more often than it is made. */
const CACHE_MAX_CHARS = 2_000_000;

/**
 * Some Markdown nests deeper than the stack reaches (a few thousand `>` quote markers make the
 * parser recurse that deep): the page then leaves that answer to the browser rather than fail.
 * The failure is cached like a result, so its cost is paid once.
 */
function renderOrNull(render: (text: string) => string, text: string): string | null {
  try {
    return render(text);
  } catch {
    return null;
  }
}

/**
 * Answers as the browser would render them, made on the server: the shared page shows them in its
 * first paint instead of waiting for the renderer and highlighter to download (about 80 KB
 * gzipped). Same configuration as the browser's (`@promptpair/answer-markdown`): raw HTML becomes
 * text, links only http(s)/mailto in a new tab, images become links, and React escapes every text.
 */
export function createAnswerHtml() {
  // Insertion order is use order (a hit is moved to the end), so the first key is the least recently used.
  const cache = new Map<string, string | null>();
  let cachedChars = 0;
  return {
    /** The answer's HTML, or null when it is too long or too deeply nested to render here (the browser renders it). */
    async render(text: string): Promise<string | null> {
      if (text.length > SERVER_RENDER_MAX_CHARS) return null;
      let html = cache.get(text);
      if (html !== undefined) {
        cache.delete(text);
      } else {
        html = renderOrNull(await loadRenderer(), text);
        cachedChars += text.length;
        for (const [oldest] of cache) {
          if (cachedChars <= CACHE_MAX_CHARS) break;
          cache.delete(oldest);
          cachedChars -= oldest.length;
        }
      }
      cache.set(text, html);
      return html;
    },
  };
}
export type AnswerHtml = ReturnType<typeof createAnswerHtml>;
