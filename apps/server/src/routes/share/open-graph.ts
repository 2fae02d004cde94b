import { SPEC_PAIR_NAMES, type PairNames } from '@promptpair/contract';
import { insertBeforeHeadEnd } from '../../lib/html-head.ts';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe inside an HTML attribute or element: the prompt is the visitor's, so it is never trusted. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Chat apps show about this much of a description; longer text is cut at a word. */
const DESCRIPTION_MAX = 200;

export function summarise(prompt: string): string {
  const flat = prompt.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, DESCRIPTION_MAX - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > DESCRIPTION_MAX / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

export interface PagePreview {
  title: string;
  description: string;
  url: string;
}

export const GENERIC_PREVIEW = {
  title: 'PromptPair: compare ChatGPT and Gemini side by side',
  description: 'Send one prompt to two AI services side by side and compare the answers.',
} as const;

/** The preview names each side as the page does: the spec's titles, or service · model for any other pair. */
export function sharedPreview(prompt: string, url: string, names: PairNames = SPEC_PAIR_NAMES): PagePreview {
  return {
    title: `PromptPair: ${names.a} and ${names.b} answer “${summarise(prompt).slice(0, 60)}”`,
    description: summarise(prompt),
    url,
  };
}

/**
 * The page with its title, description and Open Graph / Twitter meta set, so a shared link
 * unfurls in chat apps (they read the HTML, not what the SPA renders later). Shared pages are
 * kept out of search engines: the link is meant for the people it was sent to.
 */
export function injectPreview(html: string, preview: PagePreview): string {
  const title = escapeHtml(preview.title);
  const description = escapeHtml(preview.description);
  const meta = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<meta name="robots" content="noindex" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="PromptPair" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(preview.url)}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join('\n    ');
  const withoutOwn = html.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  return insertBeforeHeadEnd(withoutOwn, `  ${meta}\n  `);
}
