import { MESSAGES } from '@promptpair/contract';
import { useDeferredValue, type ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CopyButton } from '../ui/copy-button.tsx';
import { rehypeHighlightCode, textOf } from './highlight-code.ts';
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
const REHYPE_PLUGINS = [rehypeHighlightCode];

/**
 * An answer rendered as GitHub-flavoured Markdown: headings, lists, tables, fenced code with
 * highlighting and a copy button. Raw HTML shows as text and links are limited to http(s) and
 * mailto (markdown-safety.ts). While text streams in, rendering trails the newest text by a frame
 * rather than holding up the page.
 */
export function MarkdownAnswer({ text }: { text: string }) {
  const shown = useDeferredValue(text);
  return (
    <div className="answer-markdown">
      <Markdown remarkPlugins={REMARK_PLUGINS} rehypePlugins={REHYPE_PLUGINS} urlTransform={safeUrl} components={COMPONENTS}>
        {shown}
      </Markdown>
    </div>
  );
}
