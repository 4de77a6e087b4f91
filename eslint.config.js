// Lint: typescript-eslint, React hooks, and the one-way dependency rule of
// STYLE.md §2: domain ← db ← server/modules ← server/http and app/**/*.server.ts.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (...groups) => ['error', { patterns: groups }];
const typeOnlyServer = { group: ['**/db/**', 'pg', 'better-sqlite3', 'kysely'], message: 'Browser code must not import server code (STYLE.md §2).' };

export default tseslint.config(
  { ignores: ['build/', '.react-router/', 'node_modules/', 'var/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Pure domain code: no I/O, no framework, nothing from the layers above.
    files: ['domain/**/*.ts'],
    // Tests may read the shipped data files to check the pure code against them.
    ignores: ['domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict({ group: ['**/db/**', '**/server/**', '**/app/**', 'node:*', 'react', 'react-router', 'hono', 'kysely'], message: 'domain/ is pure TypeScript with no I/O (DESIGN.md §3).' }),
    },
  },
  {
    files: ['db/**/*.ts'],
    ignores: ['db/**/*.test.ts'],
    rules: { 'no-restricted-imports': restrict({ group: ['**/server/**', '**/app/**'], message: 'db/ must not import the layers above it.' }) },
  },
  {
    // Browser code: components, features and client helpers. Route modules may
    // import *.server.ts for their loaders (React Router strips them), so they are exempt.
    files: ['app/components/**/*.{ts,tsx}', 'app/features/**/*.{ts,tsx}', 'app/lib/**/*.{ts,tsx}', 'app/entry.client.tsx'],
    ignores: ['app/**/*.server.ts', 'app/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [typeOnlyServer, { group: ['**/server/**', '!**/server/platform/config.ts', '!**/server/modules/*/*.schemas.ts'], message: 'Browser code may only import server types and schemas (STYLE.md §2).', allowTypeImports: true }] }],
    },
  },
  {
    // Code a page runs while hydrating: a browser's first collation starts Intl (50–100 ms of one core,
    // docs/performance.md). Names sort with compareNames (domain/names.ts), timestamps with compareIso.
    files: ['app/**/*.{ts,tsx}', 'domain/**/*.ts'],
    ignores: ['**/*.server.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': ['error', { property: 'localeCompare', message: 'Use compareNames (domain/names.ts) or compareIso (domain/time-zones.ts): localeCompare starts Intl in the browser.' }],
    },
  },
  {
    files: ['server/modules/**/*.ts'],
    rules: { 'no-restricted-imports': restrict({ group: ['**/server/http.ts', '**/app/**', '!**/app/lib/*.server.ts'], message: 'Modules do not import the HTTP layer or the app.' }) },
  },
);
