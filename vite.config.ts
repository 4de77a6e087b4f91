import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const routerDist = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * React Router publishes two builds that differ only in its development warnings (ENABLE_DEV_WARNINGS)
 * but exports only the one with them. The browser gets the other: ~0.6 kB less first-load JavaScript on
 * every page (issue #5's budget). The server keeps the exported build, so it and @react-router/node
 * share one copy. docs/decisions/013-router-production-build.md.
 */
function routerProductionDist(): Plugin {
  return {
    name: 'scoreline:react-router-production-dist',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      for (const file of ['index.mjs', 'dom-export.mjs'])
        if (!existsSync(routerDist(file)))
          this.error(`React Router's production build is not at ${routerDist(file)}: see docs/decisions/013.`);
    },
    resolveId(id) {
      if (this.environment.name !== 'client') return null;
      if (id === 'react-router') return routerDist('index.mjs');
      if (id === 'react-router/dom') return routerDist('dom-export.mjs');
      return null;
    },
  };
}

export default defineConfig({
  plugins: [routerProductionDist(), tailwindcss(), reactRouter()],
  build: {
    // Hashed file names under /assets are served with immutable caching.
    assetsDir: 'assets',
    rolldownOptions: {
      output: {
        // Every page loads React, React DOM and React Router, and most of the shared components and
        // libraries: each group travels as one file rather than a dozen small ones, which saves each
        // file's own overhead and compresses better (issue #5's first-load budget; docs/performance.md).
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            {
              name: 'shell',
              // The site frame (a feature because its header brings in other features) goes with them. Not
              // what only some pages use: the policy pages' prose, the placeholders, match JSON-LD, the match
              // lists' group-by-group hydration; nor what only the odds panel and a signed-in visitor's account
              // sync use (app/lib/preferences/account-preferences-sync.ts, preference-events.ts).
              test: (id) =>
                /[\\/]app[\\/](components|lib|features[\\/]site-frame)[\\/]/.test(id) &&
                !/[\\/](prose|coming-soon|json-ld|structured-data|hydrate-later)\.tsx?$/.test(id) &&
                !/[\\/](preference-events|account-preferences-sync)\.ts$/.test(id),
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
});
