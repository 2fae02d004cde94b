import type { Nodes } from 'hast';

/** The text inside a node, as the answer wrote it. */
export function textOf(node: Nodes): string {
  if (node.type === 'text') return node.value;
  if ('children' in node) return node.children.map((child) => textOf(child)).join('');
  return '';
}
