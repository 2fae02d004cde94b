import type { Highlighter } from './markdown-view.ts';

/*
 * The type of `highlight-code.ts`, declared apart (package.json's "types" condition): highlight.js's
 * own types bring in the DOM library, which a program that only calls the highlighter (the server)
 * must not take in. Both say `Highlighter`, so they cannot drift apart.
 */
export declare const rehypeHighlightCode: Highlighter;
