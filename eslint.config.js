// Lint: typescript-eslint, React hooks, and the layout of DESIGN.md §3 — the folder tree is the architecture,
// and dependencies point one way:
//
//   domain ← db ← server/platform ← server/modules/<name> ← server/ingest ← server/*.ts (composition) ;
//   app reaches the server only through the router context (server/router-context.server.ts), types aside.
//
// Paths are checked by eslint-plugin-boundaries (elements and the policies below), file cycles by
// eslint-plugin-import-x's no-cycle, folders that import each other by lint/no-mutual-folders.js. Every
// message says where the code belongs; lint/boundaries.test.ts plants one break of each kind and checks it is
// refused. `scorelineConfig(root)` builds the config for a tree (that test lints planted trees with it).
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noMutualFolders from './lint/no-mutual-folders.js';

/** A plugin rule whose messages end with where the code belongs. */
function withHint(rule, hint) {
  const messages = Object.fromEntries(Object.entries(rule.meta.messages).map(([id, text]) => [id, `${text}. ${hint}`]));
  return { ...rule, meta: { ...rule.meta, messages } };
}

const scoreline = {
  meta: { name: 'scoreline' },
  rules: {
    'no-cycle': withHint(
      importX.rules['no-cycle'],
      'Files that import each other are one unit in two files: move what both need into a module below both (DESIGN.md §3).',
    ),
    'no-mutual-folders': noMutualFolders,
  },
};

// ---- The layout -------------------------------------------------------------------------------------------
// Each folder of DESIGN.md §3 is an element. Order matters: the first pattern that matches a file wins.
const ELEMENTS = [
  { type: 'domain', pattern: 'domain' },
  { type: 'db', pattern: 'db' },
  { type: 'platform', pattern: 'server/platform' },
  { type: 'module', pattern: 'server/modules/*', capture: ['name'] },
  { type: 'ingest', pattern: 'server/ingest' },
  // server/*.ts: services.ts (composition root), http.ts, main.ts, the router context, dev and docs helpers.
  { type: 'composition', pattern: 'server' },
  { type: 'route', pattern: 'app/routes' },
  { type: 'layout', pattern: 'app/layouts' },
  { type: 'feature', pattern: 'app/features/*', capture: ['name'] },
  { type: 'component', pattern: 'app/components' },
  { type: 'lib', pattern: 'app/lib/*', capture: ['concern'] },
  // root.tsx, routes.ts, entry.client.tsx, entry.server.tsx
  { type: 'app', pattern: 'app' },
].map((element) => ({ ...element, partialMatch: false }));

const FILES = [
  // Every file has a category, so that "not a test" (noneOf) also matches files with no other category.
  { category: 'source', pattern: '**/*' },
  { category: 'test', pattern: ['**/*.test.ts', '**/*.test.tsx', 'tests/**'] },
  { category: 'queries', pattern: '**/*.queries.ts' },
  { category: 'composition-root', pattern: ['server/services.ts', 'server/http.ts', 'server/main.ts'] },
  { category: 'router-context', pattern: 'server/router-context.server.ts' },
  { category: 'server-only', pattern: 'app/**/*.server.ts' },
];

/** The folders lint/no-mutual-folders.js compares: the elements above. */
const FOLDERS = [
  'domain',
  'db',
  'server/platform',
  'server/modules/*',
  'server/ingest',
  'server',
  'app/routes',
  'app/layouts',
  'app/features/*',
  'app/components',
  'app/lib/*',
  'app',
];

const SERVER = ['platform', 'module', 'ingest', 'composition'];
const APP = ['route', 'layout', 'feature', 'component', 'lib', 'app'];
const is = (...types) => ({ element: { types: { anyOf: types } } });
const notTest = { file: { categories: { noneOf: ['test'] } } };

// ---- The policies: one per rule of DESIGN.md §3 and issue #18 ----------------------------------------------
// Anything not refused here is allowed. A later policy overrides an earlier one for the same import.
const POLICIES = [
  {
    from: { ...is('domain'), ...notTest },
    disallow: [
      { to: is('db', ...SERVER, ...APP) },
      { to: { module: { origin: 'core' } } },
      { to: { module: { source: ['react', 'react-dom', 'react-router', 'hono', 'kysely', 'pg', 'better-sqlite3'] } } },
    ],
    message:
      'domain/ is pure TypeScript with no I/O, used by the server and the browser alike: it imports nothing but domain/ and pure libraries (zod). What needs I/O belongs in db/, server/ or app/, and passes plain values in (DESIGN.md §3).',
  },
  {
    from: { ...is('db'), ...notTest },
    disallow: { to: is(...SERVER, ...APP) },
    message:
      'db/ sits below server/ and app/: it knows tables and queries, not the code that uses them. Move what db needs down into db/ or domain/ (DESIGN.md §3).',
  },
  {
    from: is(...SERVER),
    disallow: { to: is(...APP) },
    message:
      'server/** never imports app/**: code both need belongs in domain/ (pure: contracts, constants, rules) or in a server module that pages reach through the router context (DESIGN.md §3).',
  },
  {
    from: is('platform'),
    disallow: { to: is('module', 'ingest', 'composition') },
    message:
      'server/platform sits below the modules (config, logger, bus, rate limits, mailer, clock): it imports none of them. Code every module needs moves down into platform; what platform must call is passed in (DESIGN.md §3).',
  },
  {
    from: is('module'),
    disallow: { to: is('ingest') },
    message:
      'server/modules/* sit below server/ingest: a module hears what ingest changed through the typed events it subscribes to in the composition root (server/services.ts), and work that drives ingest belongs in server/ingest (DESIGN.md §3).',
  },
  {
    from: { ...is('platform', 'module', 'ingest'), ...notTest },
    disallow: { to: { file: { categories: 'composition-root' } } },
    message:
      'Modules never import the composition root (server/services.ts, server/http.ts, server/main.ts): a route registrar or service receives the services it uses as arguments, and server/http.ts or server/services.ts hands them over (DESIGN.md §3, issue #18).',
  },
  {
    from: notTest,
    disallow: { to: { file: { categories: 'queries' } } },
    message:
      "A module's *.queries.ts is private to it: call that module's service instead, or add the read it needs there (DESIGN.md §3: modules talk through services, never through each other's queries or tables).",
  },
  {
    from: is(...APP),
    disallow: [
      { to: is('db', ...SERVER), dependency: { kind: 'value' } },
      { to: { module: { source: ['kysely', 'pg', 'better-sqlite3'] } }, dependency: { kind: 'value' } },
    ],
    message:
      'Pages reach the server only through the router context: getServices(context) and getRequestAuth(context) from server/router-context.server.ts in a loader, action or *.server.ts helper. Types may be imported; values both sides need (contracts, constants, labels) belong in domain/ (DESIGN.md §3).',
  },
  {
    // The one door: route modules (their loaders and actions), layouts, the root and *.server.ts helpers.
    from: [is('route', 'layout', 'app'), { file: { categories: 'server-only' } }],
    allow: { to: { file: { categories: 'router-context' } } },
  },
  {
    from: is('component'),
    disallow: { to: is('feature', 'route', 'layout') },
    message:
      'app/components are presentational building blocks: they import neither features nor routes. A piece that needs a feature is a feature itself (app/features/<name>/), or takes the feature’s part as children or props (DESIGN.md §3).',
  },
  {
    from: is('lib'),
    disallow: { to: is('feature', 'component', 'route', 'layout') },
    message:
      'app/lib holds cross-cutting browser helpers, below components and features: it imports none of them. A helper that one feature owns lives in app/features/<name>/; what lib needs from a feature moves down into lib or domain/ (DESIGN.md §3).',
  },
];

/** The config for the tree at `root` (the project itself, or a planted tree in a test). */
export function scorelineConfig(root = import.meta.dirname) {
  return tseslint.config(
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
      // The layout (see the top of this file).
      files: ['{app,server,db,domain}/**/*.{ts,tsx}'],
      plugins: { boundaries, scoreline },
      settings: {
        'boundaries/root-path': root,
        'boundaries/elements': ELEMENTS,
        'boundaries/files': FILES,
        'boundaries/legacy-templates': false,
        // no-cycle follows imports through files it parses itself: TypeScript, resolved as Node does (the
        // project's imports name their files, extension included).
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'import-x/resolver-next': [createNodeResolver()],
      },
      rules: {
        'boundaries/dependencies': ['error', { default: 'allow', checkAllOrigins: true, policies: POLICIES }],
        'scoreline/no-cycle': 'error',
        'scoreline/no-mutual-folders': [
          'error',
          {
            folders: FOLDERS,
            ignore: ['\\.test\\.tsx?$'],
            message:
              'Two folders that need each other are one folder, or one belongs below the other: move what both need down (domain/, db/, server/platform, app/lib), or turn the upward call into a callback or an event wired in the composition root (DESIGN.md §3).',
          },
        ],
      },
    },
    {
      // Code a page runs while hydrating: a browser's first collation starts Intl (50–100 ms of one core,
      // docs/performance.md). Names sort with compareNames (domain/names.ts), timestamps with compareIso.
      files: ['app/**/*.{ts,tsx}', 'domain/**/*.ts'],
      ignores: ['**/*.server.ts', '**/*.test.{ts,tsx}'],
      rules: {
        'no-restricted-properties': [
          'error',
          {
            property: 'localeCompare',
            message:
              'Use compareNames (domain/names.ts) or compareIso (domain/time-zones.ts): localeCompare starts Intl in the browser.',
          },
        ],
      },
    },
  );
}

export default scorelineConfig();
