// End-to-end tests in Debian's Chromium (no browser download) against a built
// production server. scripts/test-e2e.sh builds first and skips loudly when
// no Chromium exists outside CI.
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const E2E_DIR = process.env.E2E_DIR ?? 'var/e2e';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_DIR ? `${process.env.E2E_DIR}/test-results` : 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'tsx server/main.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      BASE_URL: `http://127.0.0.1:${PORT}`,
      DATABASE_URL: `file:${E2E_DIR}/scoreline-e2e.db`,
      // Each run's own media folder: the demo video catalogue (issue #22) is made in it at start.
      MEDIA_DIR: `${E2E_DIR}/media`,
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      ENABLE_TEST_ROUTES: '1',
      // scripts/test-e2e.sh imports the Wyscout Euro 2016 matches first; the rest would only slow the suite.
      AUTO_SEED: '0',
      // The data refresh would fetch the openfootball files from GitHub: the suite never reaches the internet.
      DATA_REFRESH_INTERVAL_HOURS: '0',
      // No demo schedule: tests start the replays they watch (POST /api/replays), so pages are deterministic.
      REPLAY_MODE: 'off',
      // The rate of demo replays a test starts (POST /api/test/demo-replays): a match in about 20 s.
      REPLAY_SPEED: '300',
      // Every test's browser and request context comes from 127.0.0.1: one address for the whole suite.
      RELIVES_PER_ADDRESS: '1000',
      PAYMENT_ORDERS_PER_ADDRESS: '1000',
      // Live chat (docs/chat.md): test accounts are minutes old, and every test posts from 127.0.0.1.
      CHAT_NEW_ACCOUNT_MINUTES: '0',
      CHAT_ADDRESS_BURST: '1000',
      ANALYTICS_GTM_ID: 'GTM-E2ETEST',
      SOCIAL_TELEGRAM_URL: 'https://t.me/scoreline_example',
      SOCIAL_TWITTER_URL: 'https://twitter.com/scoreline_example',
      SOCIAL_FACEBOOK_URL: 'https://facebook.com/scoreline.example',
      LOG_LEVEL: 'warn',
    },
  },
});
