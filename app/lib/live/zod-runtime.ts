// zod's code, evaluated on its own: app/lib/live/live-connection.ts imports this first, then the schemas built with
// it, in separate tasks. Importing 'zod' itself would bring all of it (≈ 89 kB gzip, locales included);
// through this module the bundler keeps only the parts the site's schemas use, in one shared file.
import { z } from 'zod';

export const zodLoaded = z.never();
