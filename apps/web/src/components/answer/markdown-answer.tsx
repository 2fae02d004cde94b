import { MESSAGES } from '@promptpair/contract';
import { useDeferredValue, useEffect, useState, type ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CopyButton } from '../ui/copy-button.tsx';
import { textOf } from './hast-text.ts';
import type { rehypeHighlightCode } from './highlight-code.ts';
import { remarkHtmlAsText, safeUrl } from './markdown-safety.ts';
import './markdown-answer.css';

function SafeLink({ href, children }: ComponentProps<'a'>) {
  // An address the rules dropped leaves the link text as plain text.
  if (!href) return <span>{children}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

const COMPONENTS: Components = {
  a: ({ href, children }) => <SafeLink href={href}>{children}</SafeLink>,
  // Images in an answer are not loaded (a model can be made to point at any server): a link stands in.
  img: ({ src, alt }) => <SafeLink href={typeof src === 'string' ? src : undefined}>{alt ? `[image: ${alt}]` : '[image]'}</SafeLink>,
  table: ({ children }) => (
    <div className="table-responsive">
      <table className="table table-sm table-bordered w-auto">{children}</table>
    </div>
  ),
  pre: ({ node, children }) => (
    <div className="answer-code">
      <CopyButton text={node ? textOf(node) : ''} label="Copy code" copiedText={MESSAGES.codeCopied} className="answer-code__copy" />
      <pre>{children}</pre>
    </div>
  ),
};

const REMARK_PLUGINS = [remarkGfm, remarkHtmlAsText];

type Highlighter = typeof rehypeHighlightCode;
let loadedHighlighter: Highlighter | null = null;
const FENCE = /```|~~~/;

/** Whether `text` has a fenced code block, i.e. needs the highlighter. */
export const hasCodeFence = (text: string) => FENCE.test(text);

/** Loads highlight.js and its grammars once; later renders find them ready. */
export async function loadHighlighter(): Promise<Highlighter> {
  loadedHighlighter ??= (await import('./highlight-code.ts')).rehypeHighlightCode;
  return loadedHighlighter;
}

/**
 * highlight.js and its grammars are the larger half of the renderer: they load only for an answer
 * with a fenced code block. Until they are there the code shows plain, then highlighted.
 */
function useHighlighter(text: string): Highlighter | null {
  const needed = hasCodeFence(text);
  const [highlighter, setHighlighter] = useState<Highlighter | null>(() => loadedHighlighter);
  useEffect(() => {
    if (!needed || highlighter !== null) return;
    let current = true;
    loadHighlighter()
      .then((loaded) => {
        if (current) setHighlighter(() => loaded);
      })
      .catch((error: unknown) => console.error('Could not load the code highlighter', error));
    return () => {
      current = false;
    };
  }, [needed, highlighter]);
  return highlighter ?? (needed ? loadedHighlighter : null);
}

/**
 * An answer rendered as GitHub-flavoured Markdown: headings, lists, tables, fenced code with
 * highlighting and a copy button. Raw HTML shows as text and links are limited to http(s) and
 * mailto (markdown-safety.ts). While text streams in, rendering trails the newest text by a frame
 * rather than holding up the page.
 */
export function MarkdownAnswer({ text }: { text: string }) {
  const shown = useDeferredValue(text);
  const highlighter = useHighlighter(shown);
  return (
    <div className="answer-markdown">
      <Markdown
        remarkPlugins={REMARK_PLUGINS}
        rehypePlugins={highlighter ? [highlighter] : []}
        urlTransform={safeUrl}
        components={COMPONENTS}
      >
        {shown}
      </Markdown>
    </div>
  );
}
