import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
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
              // Not what only some pages use: the policy pages' prose, the placeholders, match JSON-LD, the
              // match lists' group-by-group hydration.
              test: (id) =>
                /[\\/]app[\\/](components|lib)[\\/]/.test(id) &&
                !/[\\/](prose|coming-soon|json-ld|structured-data|hydrate-later)\.tsx?$/.test(id),
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
});
