// The layout rules of eslint.config.js (DESIGN.md §3, issue #18), each shown refusing a planted break: a small
// tree with the project's folders is written to a temporary directory and linted with the project's own config
// (scorelineConfig), through ESLint's Node API. Every refusal must name the rule's place for the code, and the
// tree's well-placed files must pass, so a rule that refuses everything fails here too.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type ConfigFactory = (root: string) => Linter.Config[];

/** Well-placed files every planted break leans on; none of them may be refused. */
const TREE: Record<string, string> = {
  'package.json': '{ "type": "module" }',
  'domain/score.ts': 'export const GOAL = 1;\n',
  'db/client.ts': "import { GOAL } from '../domain/score.ts';\nexport const openDatabase = () => GOAL;\n",
  'server/platform/logger.ts': "import { openDatabase } from '../../db/client.ts';\nexport const log = openDatabase;\n",
  'server/modules/alpha/alpha.queries.ts': 'export const readAlpha = () => 1;\n',
  'server/modules/alpha/alpha.schemas.ts': "export const ALPHA_LABEL = 'Alpha';\n",
  'server/modules/alpha/alpha.service.ts':
    "import { log } from '../../platform/logger.ts';\nimport { readAlpha } from './alpha.queries.ts';\nexport const alphaService = { read: readAlpha, log };\nexport type AlphaService = typeof alphaService;\n",
  'server/modules/beta/beta.service.ts':
    "import { alphaService } from '../alpha/alpha.service.ts';\nexport const betaService = { alpha: alphaService.read };\n",
  'server/ingest/ingest.ts':
    "import { betaService } from '../modules/beta/beta.service.ts';\nexport const ingest = betaService;\n",
  'server/services.ts':
    "import { alphaService } from './modules/alpha/alpha.service.ts';\nimport { ingest } from './ingest/ingest.ts';\nexport const createServices = () => ({ alpha: alphaService, ingest });\nexport type AppServices = ReturnType<typeof createServices>;\n",
  'server/http.ts':
    "import { createServices } from './services.ts';\nexport const createHttpApp = () => createServices();\n",
  'server/main.ts': "import { createHttpApp } from './http.ts';\nexport const app = createHttpApp();\n",
  'server/router-context.server.ts':
    "import type { AppServices } from './services.ts';\nexport function getServices(context: { services: AppServices }): AppServices {\n  return context.services;\n}\n",
  'app/lib/site/site.ts': "import { GOAL } from '../../../domain/score.ts';\nexport const useSite = () => GOAL;\n",
  'app/components/button.tsx':
    "import { useSite } from '../lib/site/site.ts';\nexport const Button = () => useSite();\n",
  'app/features/search/search-box.tsx':
    "import { Button } from '../../components/button.tsx';\nexport const SearchBox = Button;\n",
  'app/routes/home.tsx':
    "import type { AlphaService } from '../../server/modules/alpha/alpha.service.ts';\nimport { getServices } from '../../server/router-context.server.ts';\nimport { SearchBox } from '../features/search/search-box.tsx';\nexport type Alpha = AlphaService;\nexport const loader = (context: Parameters<typeof getServices>[0]) => getServices(context);\nexport default SearchBox;\n",
  'app/features/search/search.server.ts':
    "import { getServices } from '../../../server/router-context.server.ts';\nexport const loadSearch = getServices;\n",
};

/** One planted break per rule: the file, its code, the rule that must refuse it and what the message must say. */
const BREAKS: Array<{ rule: string; file: string; code: string; ruleId: string; says: RegExp[] }> = [
  {
    rule: 'server/** never imports app/**',
    file: 'server/platform/colours.ts',
    code: "import { useSite } from '../../app/lib/site/site.ts';\nexport const site = useSite;\n",
    ruleId: 'boundaries/dependencies',
    says: [/server\/\*\* never imports app\/\*\*/, /belongs in domain\//],
  },
  {
    rule: 'no import cycles at file level',
    file: 'server/modules/alpha/cycle-a.ts',
    code: "import { b } from './cycle-b.ts';\nexport const a = () => b;\n",
    ruleId: 'scoreline/no-cycle',
    says: [/Dependency cycle/, /move what both need into a module below both/],
  },
  {
    rule: 'no two folders that import each other',
    // beta/beta.service.ts already imports alpha; alpha now imports beta, from other files (no file cycle).
    file: 'server/modules/alpha/alpha-report.ts',
    code: "import { betaService } from '../beta/beta.service.ts';\nexport const report = betaService;\n",
    ruleId: 'scoreline/no-mutual-folders',
    says: [
      /server\/modules\/alpha\/ and server\/modules\/beta\/ import each other \(server\/modules\/beta\/[\w.-]+ imports server\/modules\/alpha\/[\w.-]+\)/,
      /move what both need down/,
    ],
  },
  {
    rule: "a module's *.queries.ts is private to it",
    file: 'server/modules/beta/beta.report.ts',
    code: "import { readAlpha } from '../alpha/alpha.queries.ts';\nexport const report = readAlpha;\n",
    ruleId: 'boundaries/dependencies',
    says: [/\*\.queries\.ts is private/, /call that module's service/],
  },
  {
    rule: 'modules never import server/services.ts',
    file: 'server/modules/beta/beta.routes.ts',
    code: "import type { AppServices } from '../../services.ts';\nexport const routes = (services: AppServices) => services;\n",
    ruleId: 'boundaries/dependencies',
    says: [/Modules never import the composition root/, /receives the services it uses as arguments/],
  },
  {
    rule: 'modules never import server/http.ts',
    file: 'server/modules/beta/beta.http.ts',
    code: "import { createHttpApp } from '../../http.ts';\nexport const app = createHttpApp;\n",
    ruleId: 'boundaries/dependencies',
    says: [/Modules never import the composition root/],
  },
  {
    rule: 'modules never import server/main.ts',
    file: 'server/ingest/start.ts',
    code: "import { app } from '../main.ts';\nexport const started = app;\n",
    ruleId: 'boundaries/dependencies',
    says: [/Modules never import the composition root/],
  },
  {
    rule: 'pages reach the server only through the router context (a service)',
    file: 'app/features/search/search-insight.server.ts',
    code: "import { alphaService } from '../../../server/modules/alpha/alpha.service.ts';\nexport const load = alphaService.read;\n",
    ruleId: 'boundaries/dependencies',
    says: [/only through the router context/, /server\/router-context\.server\.ts/],
  },
  {
    rule: 'pages reach the server only through the router context (a schema value)',
    file: 'app/routes/contact.tsx',
    code: "import { ALPHA_LABEL } from '../../server/modules/alpha/alpha.schemas.ts';\nexport default () => ALPHA_LABEL;\n",
    ruleId: 'boundaries/dependencies',
    says: [/only through the router context/, /belong in domain\//],
  },
  {
    rule: 'browser code does not open the router context',
    file: 'app/components/services-button.tsx',
    code: "import { getServices } from '../../server/router-context.server.ts';\nexport const ServicesButton = getServices;\n",
    ruleId: 'boundaries/dependencies',
    says: [/only through the router context/, /in a loader, action or \*\.server\.ts helper/],
  },
  {
    rule: 'components import no features',
    file: 'app/components/site-header.tsx',
    code: "import { SearchBox } from '../features/search/search-box.tsx';\nexport const SiteHeader = SearchBox;\n",
    ruleId: 'boundaries/dependencies',
    says: [/app\/components are presentational/, /is a feature itself \(app\/features\/<name>\/\)/],
  },
  {
    rule: 'components import no routes',
    file: 'app/components/home-link.tsx',
    code: "import Home from '../routes/home.tsx';\nexport const HomeLink = Home;\n",
    ruleId: 'boundaries/dependencies',
    says: [/import neither features nor routes/],
  },
  {
    rule: 'lib imports no features',
    file: 'app/lib/site/search-actions.ts',
    code: "import { SearchBox } from '../../features/search/search-box.tsx';\nexport const searchBox = SearchBox;\n",
    ruleId: 'boundaries/dependencies',
    says: [/app\/lib holds cross-cutting browser helpers/, /lives in app\/features\/<name>\//],
  },
  {
    rule: 'domain is pure (no I/O)',
    file: 'domain/standings.ts',
    code: "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
    ruleId: 'boundaries/dependencies',
    says: [/domain\/ is pure TypeScript with no I\/O/],
  },
  {
    rule: 'db sits below server',
    file: 'db/seed.ts',
    code: "import { log } from '../server/platform/logger.ts';\nexport const seed = log;\n",
    ruleId: 'boundaries/dependencies',
    says: [/db\/ sits below server\/ and app\//],
  },
  {
    rule: 'platform sits below the modules',
    file: 'server/platform/mailer.ts',
    code: "import { alphaService } from '../modules/alpha/alpha.service.ts';\nexport const mailer = alphaService;\n",
    ruleId: 'boundaries/dependencies',
    says: [/server\/platform sits below the modules/],
  },
  {
    rule: 'modules sit below ingest',
    file: 'server/modules/beta/relive.ts',
    code: "import { ingest } from '../../ingest/ingest.ts';\nexport const relive = ingest;\n",
    ruleId: 'boundaries/dependencies',
    says: [/server\/modules\/\* sit below server\/ingest/],
  },
];

interface Tree {
  root: string;
  eslint: ESLint;
}

/** Writes the files under a new temporary root and sets ESLint up there with the project's config. */
async function plant(files: Record<string, string>): Promise<Tree> {
  const root = mkdtempSync(path.join(tmpdir(), 'scoreline-lint-'));
  for (const [file, code] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), code);
  }
  const configUrl = pathToFileURL(path.resolve(import.meta.dirname, '../eslint.config.js')).href;
  const { scorelineConfig } = (await import(configUrl)) as { scorelineConfig: ConfigFactory };
  return { root, eslint: new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: scorelineConfig(root) }) };
}

async function problemsOf(tree: Tree, file: string) {
  const [result] = await tree.eslint.lintFiles([path.join(tree.root, file)]);
  return (result?.messages ?? []).map((message) => ({ ruleId: message.ruleId, message: message.message }));
}

// Two trees: the well-placed files alone, and with every break planted (a break can make a well-placed file's
// folder import another back, so the files that must pass are checked without them).
let clean: Tree;
let broken: Tree;

beforeAll(async () => {
  clean = await plant(TREE);
  broken = await plant({
    ...TREE,
    'server/modules/alpha/cycle-b.ts':
      "import { a } from './cycle-a.ts';\nexport const b = 1;\nexport const again = a;\n",
    ...Object.fromEntries(BREAKS.map((planted) => [planted.file, planted.code])),
  });
}, 60_000);

afterAll(() => {
  for (const tree of [clean, broken]) if (tree) rmSync(tree.root, { recursive: true, force: true });
});

describe('the layout rules (eslint.config.js)', () => {
  it.each(Object.keys(TREE).filter((file) => /\.tsx?$/.test(file)))('let the well-placed %s through', async (file) => {
    expect(await problemsOf(clean, file)).toEqual([]);
  });

  it.each(BREAKS.map((planted) => [planted.rule, planted] as const))(
    'refuse a break of "%s", saying where the code belongs',
    async (_rule, planted) => {
      const problems = await problemsOf(broken, planted.file);
      const refusal = problems.find((problem) => problem.ruleId === planted.ruleId);
      expect(refusal, `${planted.file}: ${JSON.stringify(problems, null, 2)}`).toBeDefined();
      for (const says of planted.says) expect(refusal?.message).toMatch(says);
    },
  );

  it('let a module read its own queries, and pages import server types and open the router context', async () => {
    // Spelled out, as these are what the refusals above must not catch: alpha.service.ts reads
    // alpha.queries.ts; home.tsx imports a service type and getServices; search.server.ts imports getServices.
    for (const file of [
      'server/modules/alpha/alpha.service.ts',
      'app/routes/home.tsx',
      'app/features/search/search.server.ts',
    ])
      expect(await problemsOf(clean, file)).toEqual([]);
  });
});
