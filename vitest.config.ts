// Kept apart from vite.config.ts: the React Router plugin breaks Vitest ("can't detect preamble").
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{app,server,db,domain,scripts,lint}/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/helpers/fail-on-console-error.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Two files at a time: most wait on SQLite/PostgreSQL I/O, and on CI's two cores the suite takes
    // about 245 s instead of 365 s one file at a time (the whole CI run has to stay under 20 minutes).
    maxWorkers: 2,
    // Files share a worker's module cache instead of importing everything afresh (import time 46–60 s
    // → 14 s, the suite ~240 s → ~210 s). Tests therefore keep no state in modules between files: each
    // opens its own databases, servers and settings.
    isolate: false,
  },
});
