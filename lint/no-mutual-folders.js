// ESLint rule: no two folders import each other (issue #18, DESIGN.md §3).
//
// File-level cycles are import-x's no-cycle. This catches what that misses: folder A imports folder B through
// one pair of files and B imports A through another, so no single file cycle exists, yet neither folder can be
// understood, tested or moved without the other (server/ingest and server/modules/live did exactly that). No
// maintained plugin checks folders against each other (import-x and eslint-plugin-boundaries check files and
// declared layers), hence this one rule.
//
// A folder is a unit of the layout, given by the `folders` option as paths from the lint root where `*` is
// one folder name: 'server/modules/*' makes server/modules/auth a unit with everything below it. A file
// belongs to the longest pattern that matches its folder; files under no pattern are not checked. Tests are
// left out on both sides: a test may import whatever it exercises. Type-only imports count: a folder that
// needs another's types depends on it as well.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|js|mjs)$/;
const RECHECK_MS = 2000;

/** @param {string} rel a path from the root, with `/` */
function unitOf(rel, patterns) {
  const dirs = path.posix.dirname(rel).split('/');
  let best = null;
  for (const pattern of patterns) {
    if (pattern.length > dirs.length || (best && best.length >= pattern.length)) continue;
    if (pattern.every((part, i) => part === '*' || part === dirs[i])) best = pattern;
  }
  return best ? dirs.slice(0, best.length).join('/') : null;
}

/** The file a specifier names, or null (packages, files that do not exist). */
function resolveSpecifier(spec, fromFile, root, subpathImports) {
  let base;
  if (spec.startsWith('.')) base = path.resolve(path.dirname(fromFile), spec);
  else if (spec.startsWith('#')) {
    const match = Object.entries(subpathImports).find(([key]) => spec.startsWith(key.replace(/\*$/, '')));
    if (!match) return null;
    base = path.resolve(root, match[1].replace(/\*$/, '') + spec.slice(match[0].replace(/\*$/, '').length));
  } else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    try {
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // Not this one.
    }
  }
  return null;
}

function createProject(root, patterns, ignore) {
  let subpathImports = {};
  try {
    subpathImports = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).imports ?? {};
  } catch {
    // No package.json: relative imports only.
  }
  const toRel = (file) => path.relative(root, file).split(path.sep).join('/');
  const isIgnored = (rel) => ignore.some((re) => re.test(rel));
  /** unit → { checkedAt, imports: Map<unit, "file imports file"> } */
  const scans = new Map();

  function filesOf(unit) {
    const out = [];
    const walk = (dir) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) walk(full);
        } else if (SOURCE.test(entry.name)) {
          const rel = toRel(full);
          if (!isIgnored(rel) && unitOf(rel, patterns) === unit) out.push(full);
        }
      }
    };
    walk(path.join(root, unit));
    return out;
  }

  /** The units a unit's files import, each with one example. */
  function importsOf(unit) {
    const cached = scans.get(unit);
    if (cached && Date.now() - cached.checkedAt < RECHECK_MS) return cached.imports;
    const imports = new Map();
    for (const file of filesOf(unit)) {
      const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
      for (const { fileName } of importedFiles) {
        const target = resolveSpecifier(fileName, file, root, subpathImports);
        if (!target) continue;
        const targetRel = toRel(target);
        if (isIgnored(targetRel)) continue;
        const targetUnit = unitOf(targetRel, patterns);
        if (targetUnit && targetUnit !== unit && !imports.has(targetUnit)) {
          imports.set(targetUnit, `${toRel(file)} imports ${targetRel}`);
        }
      }
    }
    scans.set(unit, { checkedAt: Date.now(), imports });
    return imports;
  }

  return { toRel, isIgnored, importsOf, resolve: (spec, from) => resolveSpecifier(spec, from, root, subpathImports) };
}

const projects = new Map();

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow two folders of the layout importing each other' },
    schema: [
      {
        type: 'object',
        properties: {
          folders: { type: 'array', items: { type: 'string' } },
          ignore: { type: 'array', items: { type: 'string' } },
          message: { type: 'string' },
        },
        required: ['folders'],
        additionalProperties: false,
      },
    ],
    messages: {
      mutual: '{{from}} and {{to}} import each other ({{example}}).{{hint}}',
    },
  },
  create(context) {
    const options = context.options[0];
    const root = context.cwd;
    const patterns = options.folders.map((folder) => folder.split('/'));
    const ignore = (options.ignore ?? []).map((source) => new RegExp(source));
    const key = JSON.stringify([root, options.folders, options.ignore]);
    if (!projects.has(key)) projects.set(key, createProject(root, patterns, ignore));
    const project = projects.get(key);
    const file = context.physicalFilename;
    const rel = project.toRel(file);
    if (rel.startsWith('..') || project.isIgnored(rel)) return {};
    const unit = unitOf(rel, patterns);
    if (!unit) return {};

    function check(source) {
      if (!source || typeof source.value !== 'string') return;
      const target = project.resolve(source.value, file);
      if (!target) return;
      const targetRel = project.toRel(target);
      if (project.isIgnored(targetRel)) return;
      const other = unitOf(targetRel, patterns);
      if (!other || other === unit) return;
      const back = project.importsOf(other).get(unit);
      if (!back) return;
      context.report({
        node: source,
        messageId: 'mutual',
        data: { from: `${unit}/`, to: `${other}/`, example: back, hint: options.message ? ` ${options.message}` : '' },
      });
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
