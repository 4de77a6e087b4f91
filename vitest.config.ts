// Kept apart from vite.config.ts: the React Router plugin breaks Vitest ("can't detect preamble").
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{app,server,db,domain,scripts}/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/helpers/fail-on-console-error.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
