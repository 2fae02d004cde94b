import type { Element, ElementContent, Nodes as HastNodes, Root as HastRoot } from 'hast';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { createLowlight } from 'lowlight';
import { textOf } from './hast-text.ts';
import type { Highlighter } from './markdown-view.ts';

/*
 * The languages models write most, not highlight.js's whole set: each grammar costs a few KB of
 * the renderer's chunk. A fence in another language stays plain (still monospaced, still copyable).
 */
const lowlight = createLowlight({
  bash, c, cpp, csharp, css, diff, go, java, javascript, json, markdown, php, python, ruby, rust, shell, sql, typescript, xml, yaml,
});

function languageOf(code: Element): string | null {
  const classes = code.properties.className;
  if (!Array.isArray(classes)) return null;
  for (const name of classes) {
    if (typeof name === 'string' && name.startsWith('language-')) return name.slice('language-'.length).toLowerCase();
  }
  return null;
}

function highlight(node: HastNodes, parent: HastNodes | null): void {
  if (node.type === 'element' && node.tagName === 'code' && parent?.type === 'element' && parent.tagName === 'pre') {
    const language = languageOf(node);
    if (language === null || !lowlight.registered(language)) return;
    const tree = lowlight.highlight(language, textOf(node));
    // lowlight answers spans with hljs-* classes around text: never markup from the answer itself.
    node.children = tree.children as ElementContent[];
    const classes = Array.isArray(node.properties.className) ? node.properties.className : [];
    node.properties.className = [...classes, 'hljs'];
    return;
  }
  if ('children' in node) for (const child of node.children) highlight(child, node);
}

/** A rehype plugin: fenced code with a known language gets highlight.js classes. */
export const rehypeHighlightCode: Highlighter = () => (tree: HastRoot) => {
  highlight(tree, null);
};
