import { createContext, createElement, useContext, useEffect, useState, type ReactNode } from 'react';
import { useAnswerView, type AnswerViewMode } from './answer-view.ts';
import './answer-text.css';
// The Markdown answers' styles too, though their renderer loads later: in the first stylesheet, a page
// showing answers the server rendered (the shared page) paints them without waiting for a second one.
import './markdown-answer.css';

type MarkdownComponent = (props: { text: string }) => ReactNode;
/** The renderer once its chunk has loaded: from then on answers render as Markdown at once. */
let loadedMarkdown: MarkdownComponent | null = null;

async function loadMarkdown(): Promise<MarkdownComponent> {
  const module = await import('./markdown-answer.tsx');
  loadedMarkdown = module.MarkdownAnswer;
  return module.MarkdownAnswer;
}

/**
 * Starts loading the Markdown renderer ahead of need, e.g. when a comparison is sent, so the first
 * text arrives to a renderer that is ready.
 */
export function preloadMarkdown({ withHighlighter = false } = {}): void {
  loadMarkdown()
    .then(async () => {
      if (withHighlighter) await (await import('./markdown-answer.tsx')).loadHighlighter();
    })
    .catch((error: unknown) => console.error('Could not load the Markdown renderer', error));
}

/**
 * Resolves once everything `texts` need to render is loaded: the renderer, and the highlighter if
 * one has a code block. A page showing stored answers (the shared page) waits for it, so answers
 * render once, finished, instead of as plain text that then changes shape and is rendered again.
 * Never rejects: on a failure the answers show as plain text until the renderer arrives.
 */
export async function answerRendererReady(texts: readonly (string | null)[]): Promise<void> {
  try {
    await loadMarkdown();
    const { hasCodeFence, loadHighlighter } = await import('./markdown-answer.tsx');
    if (texts.some((text) => text !== null && hasCodeFence(text))) await loadHighlighter();
  } catch (error) {
    console.error('Could not load the Markdown renderer', error);
  }
}

/** The Markdown renderer: at once if it has loaded, else null until it has (loading it). */
function useMarkdownRenderer(wanted: boolean): MarkdownComponent | null {
  const [renderer, setRenderer] = useState<MarkdownComponent | null>(() => loadedMarkdown);
  useEffect(() => {
    if (!wanted || renderer !== null) return;
    let current = true;
    loadMarkdown()
      .then((loaded) => {
        if (current) setRenderer(() => loaded);
      })
      .catch((error: unknown) => console.error('Could not load the Markdown renderer', error));
    return () => {
      current = false;
    };
  }, [wanted, renderer]);
  return renderer ?? loadedMarkdown;
}

export interface AnswerTextProps {
  /** Untrusted model output. */
  text: string;
  /** Defaults to the visitor's remembered choice. */
  view?: AnswerViewMode;
}

/** Plain text: React text nodes with the line breaks kept (docs/product.md §2); never HTML. */
export function PlainAnswer({ text }: { text: string }) {
  return <div className="answer-plain">{text}</div>;
}

/**
 * Answers the server rendered ahead: a page that has them (the shared page) provides what shows a
 * text already rendered, or null for a text it has not. Such an answer needs no renderer here.
 */
export const PrerenderedAnswers = createContext<((text: string) => ReactNode) | null>(null);

/**
 * An answer as the visitor chose to see it: rendered Markdown (rendered ahead by the server, or by
 * the renderer loaded on first use, until which the plain text stands in) or plain text.
 */
export function AnswerText({ text, view }: AnswerTextProps) {
  const remembered = useAnswerView();
  const rendered = (view ?? remembered) === 'rendered';
  const prerendered = useContext(PrerenderedAnswers);
  const ahead = rendered ? (prerendered?.(text) ?? null) : null;
  const markdown = useMarkdownRenderer(rendered && ahead === null);
  if (ahead !== null) return ahead;
  if (!rendered || markdown === null) return <PlainAnswer text={text} />;
  // The one renderer component, loaded once: not a component made anew per render.
  return createElement(markdown, { text });
}
