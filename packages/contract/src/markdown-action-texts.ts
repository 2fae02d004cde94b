// The names of the two controls that copy or download one comparison as Markdown: the page keeps
// their place before their code loads. Everything else they say, and the document itself, is in
// comparison-markdown.ts, loaded with them. Small and zod-free.

export const MARKDOWN_ACTION_TEXTS = {
  copy: 'Copy as Markdown',
  download: 'Download as Markdown',
} as const;
