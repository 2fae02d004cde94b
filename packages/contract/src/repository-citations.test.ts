import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Everything the repository cites must open in a fresh clone: the spec is docs/product.md, the
// services' wire formats docs/wire-formats.md, and work is named by its subject, never by a tracker
// number. The patterns are spelled so that this file does not match them itself.
const root = fileURLToPath(new URL('../../../', import.meta.url));

const FORBIDDEN: [RegExp, string][] = [
  [/\bSPEC \u00a7|\bSPEC[.]md/, 'cite docs/product.md (same section numbers)'],
  [/(?<![\w/.-])providers[.]md/, 'cite docs/wire-formats.md (same section numbers)'],
  [/[.][.]\/shared\//, 'a path outside the repository'],
  [/CONVENTIONS[ ]habit/, 'a file outside the repository'],
  [/\b[Ii]ssues? [#]\d|\([#]\d+\)/, 'name the subject, not a tracker number'],
];

/** Files a person edits: not installed, built, generated or recorded output. */
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', '.git', 'data', 'results', 'builds', 'artifacts', 'test-results', 'playwright-report']);
const SKIPPED_FILES = new Set(['package-lock.json', '.ci/run']);
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|json|ya?ml|css|html|sh|txt|example)$|(^|\/)(Dockerfile|Caddyfile)$/;

function* sourceFiles(directory: string): Generator<string> {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(entry.name)) yield* sourceFiles(path);
    } else if (TEXT.test(path) && !SKIPPED_FILES.has(relative(root, path))) yield path;
  }
}

describe('citations in the repository', () => {
  it('open inside a fresh clone', () => {
    const found: string[] = [];
    for (const path of sourceFiles(root)) {
      readFileSync(path, 'utf8').split('\n').forEach((line, index) => {
        for (const [pattern, advice] of FORBIDDEN) if (pattern.test(line)) found.push(`${relative(root, path)}:${index + 1}: ${advice}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('would catch each kind of citation a clone cannot open', () => {
    const caught = (line: string) => FORBIDDEN.some(([pattern]) => pattern.test(line));
    // Escaped so that this file holds none of them as written.
    for (const line of ['see SPEC \u00a72', 'SPEC\u002emd says', 'providers\u002emd \u00a73.7', '`\u002e./shared/CONVENTIONS.md`', '(CONVENTIONS\u0020habit 3)', 'runs (issue \u00235)', 'Issue \u002311 end to end', 'fixed (\u002314)']) {
      expect(caught(line), line).toBe(true);
    }
    for (const line of ['docs/product.md \u00a72', 'docs/wire-formats.md \u00a73.7', "'../shared-page.route.ts'", 'color: #0d6efd', 'the spec']) {
      expect(caught(line), line).toBe(false);
    }
  });
});
