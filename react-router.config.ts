import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  // BUILD_DIR (also read by server/main.ts) lets two builds live side by side, e.g. parallel e2e runs.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  ssr: true,
  future: {
    // Route middleware carries the spec's named middleware (guest, auth, staff, …).
    v8_middleware: true,
  },
} satisfies Config;
