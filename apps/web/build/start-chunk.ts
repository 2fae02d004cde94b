import type { Rolldown } from 'vite';

/**
 * One chunk, "start", for the modules the page's entry loads that lazy chunks share too (React, a
 * few react-bootstrap parts, the contract's messages). Left alone, the bundler splits them into many
 * small files that the first load requests side by side, and on a phone's connection each further
 * request can cost a round trip before the page paints. A module with styles of its own stays where
 * the bundler puts it: its styles would otherwise be a second stylesheet blocking the first paint.
 */
export const startChunk: Rolldown.CodeSplittingGroup = {
  name: (id, ctx) => (id.endsWith('.css') || ctx.getModuleInfo(id)?.importedIds.some((imported) => imported.endsWith('.css')) ? null : 'start'),
  // Statically imported by the entry, directly or not, and used by at least one more chunk.
  tags: ['$initial'],
  minShareCount: 2,
};
