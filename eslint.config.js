// Flat config: type-checked rules everywhere, React hook rules in the web app,
// process.env read only by the env modules, import boundaries between folders (eslint.boundaries.js),
// and no computed replacement strings.
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundaryZones } from './eslint.boundaries.js';

/**
 * `.replace(pattern, text)` and `.replaceAll` read `$&`, `` $` ``, `$'`, `$$` and `$1` in `text`: a
 * replacement built from data (a template, a variable, a call) lets that data copy or rewrite the
 * result. Only a literal or a replacer function may be the replacement (docs/decisions.md, "Pages
 * assembled from visitor text").
 */
const COMPUTED_REPLACEMENT = {
  selector:
    "CallExpression[callee.property.name=/^replace(All)?$/][arguments.1]:not([arguments.1.type='Literal'], [arguments.1.type='ArrowFunctionExpression'], [arguments.1.type='FunctionExpression'], [arguments.1.type='TemplateLiteral'][arguments.1.expressions.length=0])",
  message: 'Give .replace/.replaceAll a literal or a replacer function: a computed replacement string expands $&, $`, $\', $$ and $1.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'bench/builds/**', 'data/**', '**/test-results/**', 'e2e/artifacts/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js', '*.ts'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify plugins and route handlers are async by contract, awaited or not.
      '@typescript-eslint/require-await': 'off',
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config/env.ts.' },
      ],
      'no-restricted-syntax': ['error', COMPUTED_REPLACEMENT],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Env modules, tool entry points and test set-up are where the environment is read.
    files: ['**/config/env.ts', '**/*.config.ts', 'tools/**/cli.ts', 'e2e/**', 'bench/**', '**/*.test.ts', '**/*.test.tsx', '**/test/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    // The bench reaches other workspaces through their package entries (their `exports`), never their sources by path.
    files: ['bench/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)(apps|packages|tools)/[^/]+/src/', message: 'Import another workspace through its package entry (@promptpair/…).' }] }],
    },
  },
  {
    // Import boundaries: features apart in the web app, layers downward in the server. Server tests
    // and their helpers assemble the whole app and are exempt.
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/**/test/**'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: boundaryZones }] },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);
