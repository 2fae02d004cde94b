import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { startChunk } from './start-chunk.ts';

/** The group's name function over a module graph of ids and the ids each imports. */
function nameOf(id: string, imports: Record<string, string[]>) {
  const name = startChunk.name as Rolldown.CodeSplittingNameFunction;
  const ctx = { getModuleInfo: (m: string) => (m in imports ? ({ importedIds: imports[m] } as unknown as Rolldown.ModuleInfo) : null) };
  return name(id, ctx);
}

describe('the start chunk', () => {
  it('takes what the entry loads and lazy chunks share, once they import no styles', () => {
    expect(startChunk.tags).toEqual(['$initial']);
    expect(startChunk.minShareCount).toBe(2);
    expect(nameOf('/app/node_modules/react/index.js', { '/app/node_modules/react/index.js': [] })).toBe('start');
    expect(nameOf('/app/src/lib/storage.ts', { '/app/src/lib/storage.ts': ['/app/src/lib/cookies.ts'] })).toBe('start');
  });

  it('leaves a stylesheet and a module with its own styles where they were, so the page keeps one stylesheet', () => {
    expect(nameOf('/app/src/answer-text.css', { '/app/src/answer-text.css': [] })).toBeNull();
    expect(nameOf('/app/src/answer-text.tsx', { '/app/src/answer-text.tsx': ['/app/src/answer-text.css', 'react'] })).toBeNull();
  });
});
