import { MarkdownView, type Highlighter } from '@promptpair/answer-markdown/render';
import { useDeferredValue, useEffect, useState } from 'react';
import { CodeCopyButton } from './code-copy-button.tsx';

let loadedHighlighter: Highlighter | null = null;
const FENCE = /```|~~~/;

/** Whether `text` has a fenced code block, i.e. needs the highlighter. */
export const hasCodeFence = (text: string) => FENCE.test(text);

/** Loads highlight.js and its grammars once; later renders find them ready. */
export async function loadHighlighter(): Promise<Highlighter> {
  loadedHighlighter ??= (await import('@promptpair/answer-markdown/highlight')).rehypeHighlightCode;
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
 * An answer rendered in the browser with the one answer configuration (`@promptpair/answer-markdown`),
 * with highlighting once loaded and a copy button on each code block. While text streams in,
 * rendering trails the newest text by a frame rather than holding up the page.
 */
export function MarkdownAnswer({ text }: { text: string }) {
  const shown = useDeferredValue(text);
  const highlighter = useHighlighter(shown);
  return <MarkdownView text={shown} highlighter={highlighter} CodeCopy={CodeCopyButton} />;
}
