// zod compiles object parsers with `new Function` when eval is allowed, and
// probes for it when the first object schema is built. The page's CSP forbids
// eval, and browsers report even the swallowed probe as a CSP violation, so in
// the browser zod parses without compiling. Imported first by app/root.tsx:
// route modules (and the schemas they build) are evaluated before the entry.
//
// zod keeps its settings on `globalThis.__zod_globalConfig` and adopts an object already there, so
// the browser's setting is written without importing zod: `config` from 'zod' would put zod's core
// (4 kB gzip) into every page's first-load JavaScript (issue #5 budget). zod-config.test.ts fails if
// zod stops reading it from there.
interface ZodGlobal {
  __zod_globalConfig?: { jitless?: boolean };
}

export function parseWithoutEval(target: ZodGlobal = globalThis as ZodGlobal): void {
  // Mutated, not replaced: a zod already loaded holds on to the object it found.
  (target.__zod_globalConfig ??= {}).jitless = true;
}

if (typeof document !== 'undefined') parseWithoutEval();
