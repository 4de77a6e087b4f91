import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  future: {
    // Route middleware carries the spec's named middleware (guest, auth, staff, …).
    v8_middleware: true,
  },
} satisfies Config;
