import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import boundaries (eslint.config.js, eslint.boundaries.js) run on one-line snippets placed at
// real paths: each must refuse an import that crosses a boundary and let the allowed direction be.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const config = ((await import(new URL('../../../eslint.config.js', import.meta.url).href)) as { default: Linter.Config[] }).default;
const boundaries = config.find((entry) => entry.rules?.['import-x/no-restricted-paths'])!;
const linter = new Linter({ cwd: root });

/** The boundary problems of `import './x'` written in `file` (relative to the repository root). */
const problems = (file: string, specifier: string) =>
  linter
    .verify(`import '${specifier}';`, [{ ...boundaries, files: ['**/*.ts', '**/*.tsx'], ignores: [], languageOptions: { sourceType: 'module' } }], { filename: `${root}${file}` })
    .map((problem) => problem.message);

describe('the import boundaries', () => {
  it('keep web features apart: one feature importing another is refused', () => {
    expect(problems('apps/web/src/features/batch/components/x.tsx', '../../blind/components/blind-results.tsx')).toEqual([expect.stringContaining('does not import another feature')]);
    expect(problems('apps/web/src/features/blind/hooks/x.ts', '../../comparison/hooks/use-comparison-run.ts')).toHaveLength(1);
  });

  it('keep components/ and lib/ below features and app/, and lib/ below components/', () => {
    expect(problems('apps/web/src/components/x.tsx', '../features/blind/hooks/use-blind-run.ts')).toEqual([expect.stringContaining('import no feature')]);
    expect(problems('apps/web/src/lib/x.ts', '../app/routes.tsx')).toEqual([expect.stringContaining('Only app/')]);
    expect(problems('apps/web/src/lib/x.ts', '../components/ui/toast.ts')).toEqual([expect.stringContaining('imports no component')]);
  });

  it('let a feature use its own files, components/ and lib/, and app/ compose features', () => {
    expect(problems('apps/web/src/features/blind/components/x.tsx', '../hooks/use-blind-run.ts')).toEqual([]);
    expect(problems('apps/web/src/features/blind/components/x.tsx', '../../../components/blind-pair/blind-pair.tsx')).toEqual([]);
    expect(problems('apps/web/src/features/batch/api/x.ts', '../../../lib/answer-guards.ts')).toEqual([]);
    expect(problems('apps/web/src/app/x.tsx', '../features/blind/hooks/use-blind-run.ts')).toEqual([]);
  });

  it('make server imports point down: routes → plugins → services → db | upstreams → lib | config', () => {
    const refused = [
      ['apps/server/src/config/x.ts', '../db/pg-pool.ts'],
      ['apps/server/src/lib/x.ts', '../db/database.ts'],
      ['apps/server/src/lib/x.ts', '../config/env.ts'],
      ['apps/server/src/db/x.ts', '../services/services.ts'],
      ['apps/server/src/db/x.ts', '../upstreams/index.ts'],
      ['apps/server/src/upstreams/x.ts', '../db/database.ts'],
      ['apps/server/src/services/x.ts', '../routes/retry-later.ts'],
      ['apps/server/src/services/x.ts', '../plugins/errors.ts'],
      ['apps/server/src/plugins/x.ts', '../upstreams/index.ts'],
      ['apps/server/src/routes/logs/x.ts', '../../db/repositories/log-history.ts'],
      ['apps/server/src/routes/logs/x.ts', '../../upstreams/index.ts'],
      ['apps/server/src/services/x.ts', '../compose.ts'],
    ];
    for (const [file, specifier] of refused) expect(problems(file!, specifier!), `${file} → ${specifier}`).toEqual([expect.stringMatching(/imports only from the layers below it|Only the entry files/)]);
  });

  it('let each server layer use the layers below it', () => {
    const allowed = [
      ['apps/server/src/routes/logs/x.ts', '../../services/services.ts'],
      ['apps/server/src/routes/logs/x.ts', '../../plugins/errors.ts'],
      ['apps/server/src/services/x.ts', '../db/database.ts'],
      ['apps/server/src/services/x.ts', '../upstreams/index.ts'],
      ['apps/server/src/db/x.ts', '../config/env.ts'],
      ['apps/server/src/db/x.ts', '../lib/startup-error.ts'],
      ['apps/server/src/compose.ts', './db/database.ts'],
    ];
    for (const [file, specifier] of allowed) expect(problems(file!, specifier!), `${file} → ${specifier}`).toEqual([]);
  });
});
