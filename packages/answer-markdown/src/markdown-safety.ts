import type { Nodes as MdastNodes, Parent as MdastParent, Root as MdastRoot } from 'mdast';

/*
 * Model output is untrusted input. These rules keep a rendered answer to text, formatting and
 * plain links: raw HTML is shown as the text it is, never parsed, and a link may only lead to
 * http(s) or mailto. React escapes every text node, so nothing in an answer can run.
 */

const SAFE_URL = /^(?:https?:|mailto:)/i;

/** react-markdown's `urlTransform`: keeps http(s) and mailto addresses, drops every other (javascript:, data:, relative …). */
export function safeUrl(url: string): string {
  const trimmed = url.trim();
  return SAFE_URL.test(trimmed) ? trimmed : '';
}

const BLOCK_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

function htmlToText(node: MdastNodes, parentType: string): MdastNodes {
  if (node.type === 'html') {
    const text = { type: 'text', value: node.value } as const;
    // HTML on a line of its own is a block: it becomes a paragraph of its own text.
    return BLOCK_PARENTS.has(parentType) ? { type: 'paragraph', children: [text] } : text;
  }
  if ('children' in node) {
    const parent = node as MdastParent;
    parent.children = parent.children.map((child) => htmlToText(child, node.type)) as MdastParent['children'];
  }
  return node;
}

/** A remark plugin: every raw HTML node (block or inline) becomes plain text, shown as written. */
export function remarkHtmlAsText() {
  return (tree: MdastRoot) => {
    htmlToText(tree, 'root');
  };
}
