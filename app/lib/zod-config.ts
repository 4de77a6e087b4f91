// zod compiles object parsers with `new Function` when eval is allowed, and
// probes for it when the first object schema is built. The page's CSP forbids
// eval, and browsers report even the swallowed probe as a CSP violation, so in
// the browser zod parses without compiling. Imported first by app/root.tsx:
// route modules (and the schemas they build) are evaluated before the entry.
// `config` alone, not the `z` namespace: every page loads this file, and the namespace would bring
// zod's utilities into every page's first-load JavaScript (issue #5 budget).
import { config } from 'zod';

if (typeof document !== 'undefined') config({ jitless: true });
