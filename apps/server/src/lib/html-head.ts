/**
 * `html` with `markup` put just before its `</head>`, or unchanged when it has none. Assembled by
 * slicing, never by `String.prototype.replace`: a replacement string is read for `$&`, `` $` ``,
 * `$'`, `$$` and `$1`, so visitor text inside it could copy the page into itself or add tags
 * (docs/decisions.md, "Pages assembled from visitor text").
 */
export function insertBeforeHeadEnd(html: string, markup: string): string {
  const at = html.search(/<\/head>/i);
  return at === -1 ? html : html.slice(0, at) + markup + html.slice(at);
}
