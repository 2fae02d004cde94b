import type { Root as HastRoot } from 'hast';
import { createElement, type ComponentProps, type ComponentType, type ReactElement } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { textOf } from './hast-text.ts';
import { hiddenDestination, linkHostNote } from './link-host.ts';
import { remarkHtmlAsText, safeUrl } from './markdown-safety.ts';

/*
 * The one Markdown configuration for answers, used by the web app (rendering in the browser) and
 * by the server (rendering a shared page's answers to HTML ahead of the browser): the same
 * plugins, the same safety rules and the same elements, so both produce the same markup.
 * Plain `createElement`, no JSX: the server compiles this without a JSX setting.
 */

/** A rehype plugin that highlights fenced code (`highlight-code.ts`); loaded apart, as it is the larger half. */
export type Highlighter = () => (tree: HastRoot) => void;

/** The control shown on a code block to copy it; absolutely placed, so adding it later moves nothing. */
export type CodeCopyControl = ComponentType<{ code: string }>;

/** `text`: what the link reads as, checked against where it leads (link-host.ts). */
function SafeLink({ href, text, children }: ComponentProps<'a'> & { text: string }) {
  // An address the rules dropped leaves the link text as plain text.
  if (!href) return createElement('span', null, children);
  const hidden = hiddenDestination(text, href);
  // The space stands outside the note, so every way of reading the link's name keeps it.
  const note = hidden === null ? null : [' ', createElement('span', { key: 'host', className: 'answer-link-host' }, linkHostNote(hidden))];
  return createElement('a', { href, target: '_blank', rel: 'noopener noreferrer' }, children, note);
}

function answerComponents(CodeCopy: CodeCopyControl | undefined): Components {
  const imageText = (alt: string | undefined) => (alt ? `[image: ${alt}]` : '[image]');
  return {
    a: ({ href, children, node }) => createElement(SafeLink, { href, text: node ? textOf(node) : '' }, children),
    // Images in an answer are not loaded (a model can be made to point at any server): a link stands in.
    img: ({ src, alt }) =>
      createElement(SafeLink, { href: typeof src === 'string' ? src : undefined, text: imageText(alt) }, imageText(alt)),
    table: ({ children }) =>
      createElement('div', { className: 'table-responsive' }, createElement('table', { className: 'table table-sm table-bordered w-auto' }, children)),
    pre: ({ node, children }) =>
      createElement(
        'div',
        { className: 'answer-code' },
        CodeCopy ? createElement(CodeCopy, { code: node ? textOf(node) : '' }) : null,
        createElement('pre', null, children),
      ),
  };
}

/** One components table per copy control, made once: a table made anew per render would remount every element. */
const componentTables = new Map<CodeCopyControl | undefined, Components>();
function componentsFor(CodeCopy: CodeCopyControl | undefined): Components {
  let table = componentTables.get(CodeCopy);
  if (!table) componentTables.set(CodeCopy, (table = answerComponents(CodeCopy)));
  return table;
}

const REMARK_PLUGINS = [remarkGfm, remarkHtmlAsText];
const NO_REHYPE_PLUGINS: [] = [];

export interface MarkdownViewProps {
  /** Untrusted model output. */
  text: string;
  /** Highlights fenced code when given; without it code shows plain (still monospaced). */
  highlighter?: Highlighter | null;
  /** The copy control for code blocks; left out where the markup is made without one (the server). */
  CodeCopy?: CodeCopyControl;
}

/**
 * An answer as GitHub-flavoured Markdown: headings, lists, tables, fenced code. Raw HTML shows as
 * text and links are limited to http(s) and mailto (markdown-safety.ts); React escapes every text.
 */
export function MarkdownView({ text, highlighter, CodeCopy }: MarkdownViewProps): ReactElement {
  return createElement(
    'div',
    { className: 'answer-markdown' },
    createElement(Markdown, {
      remarkPlugins: REMARK_PLUGINS,
      rehypePlugins: highlighter ? [highlighter] : NO_REHYPE_PLUGINS,
      urlTransform: safeUrl,
      components: componentsFor(CodeCopy),
      children: text,
    }),
  );
}
