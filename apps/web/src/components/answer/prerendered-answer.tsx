import { useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { CodeCopyButton } from './code-copy-button.tsx';

interface CodeBlock {
  host: HTMLElement;
  code: string;
}

/**
 * An answer the server already rendered to HTML (the shared page): shown as it is, so the page
 * needs neither the Markdown renderer nor the highlighter. The server made it with the same
 * configuration and safety rules as `MarkdownAnswer` (`@promptpair/answer-markdown`), so the markup is
 * the same, and React escaped every text in it. Code blocks get their copy buttons here; the
 * buttons are absolutely placed, so adding them moves nothing.
 */
export function PrerenderedAnswer({ html }: { html: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [codeBlocks, setCodeBlocks] = useState<CodeBlock[]>([]);
  useLayoutEffect(() => {
    const blocks = [...(box.current?.querySelectorAll('.answer-code') ?? [])].map((block): CodeBlock => {
      const host = document.createElement('span');
      block.prepend(host);
      return { host, code: block.querySelector('pre')?.textContent ?? '' };
    });
    setCodeBlocks(blocks);
    return () => {
      for (const { host } of blocks) host.remove();
    };
  }, [html]);
  return (
    <>
      <div ref={box} dangerouslySetInnerHTML={{ __html: html }} />
      {codeBlocks.map(({ host, code }, index) => createPortal(<CodeCopyButton code={code} />, host, index))}
    </>
  );
}
