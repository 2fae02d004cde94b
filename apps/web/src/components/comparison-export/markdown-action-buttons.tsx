import { MARKDOWN_ACTION_TEXTS } from '@promptpair/contract';
import { comparisonMarkdown, conversationMarkdown, MARKDOWN_TEXTS, type MarkdownSide } from '@promptpair/contract/comparison-markdown';
import type { MarkdownActionsProps, MarkdownComparison } from './markdown-actions.tsx';
import { useEffect, useState } from 'react';

const SAID_MS = 2500;

/** How alike the answers are, from the same word diff as the verdict; null when either is missing or failed. */
async function similarityOf(comparison: MarkdownComparison): Promise<number | null> {
  const text = (side: MarkdownSide) => (side.result && !side.result.errorMsg ? side.result.message : null);
  const [left, right] = [text(comparison.a), text(comparison.b)];
  if (left === null || right === null) return null;
  const diff = await import('../../lib/word-diff.ts');
  return diff.similarityOf(left, right);
}

/** Saves `text` as a file the browser downloads, without a round trip to the server. */
function downloadText(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/markdown;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the address is let go a moment later.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The document: one comparison, or every turn of a conversation in order, each with its own similarity. */
export async function markdownOf(comparison: MarkdownComparison, turns?: MarkdownActionsProps['turns']): Promise<string> {
  if (turns && turns.length > 0) return conversationMarkdown(await Promise.all(turns.map(async (turn) => ({ ...turn, similarity: await similarityOf(turn) }))));
  return comparisonMarkdown({ ...comparison, similarity: await similarityOf(comparison) });
}

/**
 * "Copy as Markdown" and "Download as Markdown" for one comparison or conversation: the contract's
 * writers, so every page writes the same document (never a key: it writes named settings only).
 * Loaded with the first comparison shown, beside the writer (see `MarkdownActions`).
 */
export function MarkdownActionButtons({ comparison, turns, fileId, context }: MarkdownActionsProps & { comparison: NonNullable<MarkdownActionsProps['comparison']> }) {
  const [said, setSaid] = useState<string | null>(null);
  useEffect(() => {
    if (said === null) return;
    const timer = window.setTimeout(() => setSaid(null), SAID_MS);
    return () => window.clearTimeout(timer);
  }, [said]);

  const markdown = () => markdownOf(comparison, turns);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(await markdown());
      setSaid(MARKDOWN_TEXTS.copied);
    } catch (error) {
      console.error('Could not copy', error);
      setSaid(MARKDOWN_TEXTS.copyFailed);
    }
  };
  const download = async () => downloadText(await markdown(), MARKDOWN_TEXTS.fileName(fileId));
  const named = (text: string) => (
    <>
      {text}
      {context && <span className="visually-hidden"> ({context})</span>}
    </>
  );

  return (
    <span className="d-inline-flex flex-wrap align-items-center gap-2">
      <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => void copy()}>
        {named(MARKDOWN_ACTION_TEXTS.copy)}
      </button>
      <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => void download()}>
        {named(MARKDOWN_ACTION_TEXTS.download)}
      </button>
      <span role="status" className="small text-body-secondary">
        {said}
      </span>
    </span>
  );
}
