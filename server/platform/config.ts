// The only reader of process.env (STYLE.md §5). Parsed once, frozen, and fails
// fast naming every bad key. Every key here is documented in .env.example.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { CURRENCIES } from '../../domain/payments-contracts.ts';
import { DEMO_IBAN, isValidIban } from '../../domain/transfer-reference.ts';

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional())
  .optional();

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const booleanFlag = z
  .enum(['', '0', '1', 'true', 'false'])
  .default('')
  .transform((value) => value === '1' || value === 'true');

const databaseUrl = z
  .string()
  .trim()
  .refine((value) => value.startsWith('file:') || /^postgres(ql)?:\/\//.test(value), {
    message: 'must be file:<path> for SQLite or postgres://… for PostgreSQL',
  });

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ROLE: z.enum(['web', 'ingest', 'all']).default('all'),

  // Storage
  DATABASE_URL: databaseUrl.default('file:var/scoreline.db'),
  REDIS_URL: optionalUrl,
  DATA_DIR: optionalText,
  /** Where `react-router build` wrote the site (react-router.config.ts reads the same variable). */
  BUILD_DIR: z.string().trim().min(1).default('build'),

  // Signing secret (≥ 32 characters). When absent, server/platform/secrets.ts
  // generates one on first start and keeps it in var/session-secret.
  SESSION_SECRET: optionalText.refine((value) => value === undefined || value.length >= 32, {
    message: 'must be at least 32 characters',
  }),

  // Addresses (spec §9)
  BASE_URL: z.url().default('http://localhost:3000'),
  API_URL: z.string().trim().min(1).default('/api'),
  SITE_API_URL: optionalUrl,
  SITE_PREVIEW_URL: optionalUrl,
  IMAGE_HOST: optionalUrl,
  PAYMENT_BASE_URL: optionalUrl,
  TTBD_API_URL: optionalUrl,

  // Site identity (spec §9)
  SITE_CLIENT_ID: z.string().trim().default('scoreline-web'),
  SITE_NAME: z.string().trim().min(1).default('Scoreline'),
  SITE_HOST: z.string().trim().min(1).default('localhost:3000'),
  SITE_EMAIL_SUPPORT: z.email().default('support@scoreline.localhost'),

  // Payment and pricing (spec §9)
  PAYMENT_CLIENT_ID: optionalText,
  // The one other web site allowed to show /pricing and /pricing-sport in a frame (a pricing overlay on a
  // partner or marketing site), over https: a bare domain name, e.g. www.partner.example. Empty: none.
  PRICING_OVERLAY_WEB_DOMAIN_NAME: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value.toLowerCase()))
    .pipe(
      z
        .string()
        .max(253)
        .regex(
          /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?(?::\d{1,5})?$/,
          'must be a bare domain name such as www.partner.example (no scheme, path, wildcard or spaces): the one other site allowed to frame /pricing and /pricing-sport over https',
        )
        .optional(),
    )
    .optional(),
  // Key (≥ 32 characters) the sandbox provider signs its webhooks with (issue #21, docs/payments.md).
  // Empty = derived from the session secret, which is right while the sandbox is this site itself.
  PAYMENT_WEBHOOK_SECRET: optionalText.refine((value) => value === undefined || value.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  // The currency orders are made in; each plan version has a price in it.
  PAYMENT_CURRENCY: z.enum(CURRENCIES).default('EUR'),
  // An order not paid in time expires (pending or failed → expired; a late payment is still honoured):
  // card providers after PAYMENT_ORDER_TTL_HOURS, bank transfer ('local') after PAYMENT_LOCAL_ORDER_TTL_DAYS.
  PAYMENT_ORDER_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24),
  PAYMENT_LOCAL_ORDER_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  // Checkouts (orders) one user, and one client address, may start in an hour; over it: 429, nothing created.
  PAYMENT_ORDERS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(20),
  PAYMENT_ORDERS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(60),
  // How often each node looks for orders to expire (payments.jobs.ts; safe on every node at once).
  PAYMENT_EXPIRY_CHECK_SECONDS: z.coerce.number().int().min(5).max(86_400).default(300),
  // Who sells, printed on receipts (docs/payments.md "Mail"): the seller's name (empty = SITE_NAME),
  // postal address and VAT number (empty = not printed), and the VAT rate in percent included in
  // the prices (0 = no VAT line; above 0 the receipt shows net, VAT and gross).
  PAYMENT_SELLER_NAME: optionalText,
  PAYMENT_SELLER_ADDRESS: optionalText,
  PAYMENT_VAT_ID: optionalText,
  PAYMENT_VAT_RATE: z
    .string()
    .trim()
    .default('0')
    .refine((value) => value === '' || /^\d{1,2}(\.\d{1,2})?$|^100$/.test(value), {
      message: 'must be a percentage from 0 to 100 with at most two decimals, like 20 or 7.7',
    })
    .transform((value) => (value === '' ? 0 : Number(value))),
  // How often each node looks for plans ending within 3 days to remind (payments.jobs.ts; one mail per plan end).
  PAYMENT_REMINDER_CHECK_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
  // Stripe (issue #21, docs/payments.md "Stripe"): offered at checkout only when the secret key is set,
  // and then the webhook endpoint's signing secret is required too. Empty = no Stripe.
  STRIPE_SECRET_KEY: optionalText.refine((value) => value === undefined || /^(sk|rk)_[A-Za-z0-9_]+$/.test(value), {
    message: 'must be a Stripe secret key (sk_live_…, sk_test_…) or restricted key (rk_…)',
  }),
  STRIPE_WEBHOOK_SECRET: optionalText.refine(
    (value) => value === undefined || /^whsec_[A-Za-z0-9+/=_-]+$/.test(value),
    {
      message: 'must be the webhook endpoint’s signing secret (whsec_…)',
    },
  ),
  // Stripe's API address; tests point it at a local fake (or a stripe-mock).
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  // Bank transfer (the local provider, issue #21): offered unless turned off; the account the payer
  // transfers to. The defaults are a clearly fake demo account, so a fresh start shows the feature.
  LOCAL_PAYMENT_ENABLED: z
    .enum(['', '0', '1', 'true', 'false'])
    .default('')
    .transform((value) => value !== '0' && value !== 'false'),
  LOCAL_PAYMENT_ACCOUNT_NAME: z.string().trim().min(1).max(70).default('Scoreline Demo (not a real account)'),
  LOCAL_PAYMENT_IBAN: z
    .string()
    .trim()
    .default(DEMO_IBAN)
    .refine(isValidIban, { message: 'must be an IBAN with valid check digits (e.g. NL93 DEMO 0123 4567 89)' }),
  LOCAL_PAYMENT_BIC: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'must be a BIC of 8 or 11 characters')
    .default('DEMONL2A'),
  LOCAL_PAYMENT_BANK: z.string().trim().min(1).max(70).default('Demo Bank (test details, no real account)'),

  // Social links shown in the footer (spec §9)
  SOCIAL_TELEGRAM_URL: optionalUrl,
  SOCIAL_TWITTER_URL: optionalUrl,
  SOCIAL_FACEBOOK_URL: optionalUrl,

  // Third-party auth service project settings (spec §9); all optional
  AUTH_API_KEY: optionalText,
  AUTH_DOMAIN: optionalText,
  AUTH_PROJECT_ID: optionalText,
  AUTH_STORAGE_BUCKET: optionalText,
  AUTH_MESSAGING_SENDER_ID: optionalText,
  AUTH_APP_ID: optionalText,
  AUTH_MEASUREMENT_ID: optionalText,

  // Analytics tag manager container id, e.g. GTM-XXXXXXX; empty means no analytics at all
  ANALYTICS_GTM_ID: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(
      z
        .string()
        .regex(/^GTM-[A-Z0-9]{4,12}$/, 'must look like GTM-XXXXXXX')
        .optional(),
    )
    .optional(),

  // Media (issue #22, docs/media.md): where stored videos' files live (playlists, segments, posters, captions).
  MEDIA_DIR: z.string().trim().min(1).default('var/media'),
  // How long a premium video's signed URL works, in seconds (ask POST /api/media/{id}/play again after).
  MEDIA_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  // 1: make the generated demo catalogue (ffmpeg test patterns) at start when it is missing. 0: never.
  MEDIA_DEMO: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((value) => value === '1' || value === 'true'),
  // The ffmpeg the demo catalogue is made with (Debian's package); absent: no demo videos, the site still starts.
  FFMPEG_PATH: z.string().trim().min(1).default('/usr/bin/ffmpeg'),
  // The ffprobe that checks uploads and reads their duration (same Debian package as ffmpeg).
  FFPROBE_PATH: z.string().trim().min(1).default('/usr/bin/ffprobe'),
  // The largest video file staff may upload in the CMS, in megabytes (streamed to disk, refused past it).
  MEDIA_UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(20_000).default(500),
  // The largest WebVTT captions file staff may upload for a video in the CMS, in kilobytes.
  MEDIA_CAPTIONS_MAX_KB: z.coerce.number().int().min(1).max(10_240).default(512),

  // Import the football data on the first start of an empty database (in the background).
  AUTO_SEED: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((value) => value === '1' || value === 'true'),
  // The ingest leader fetches the openfootball files this often and imports what changed (issue #19); 0 = never.
  // Empty: every 24 hours, never under NODE_ENV=test. Fractions are allowed (0.5 = every 30 minutes).
  DATA_REFRESH_INTERVAL_HOURS: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number()
      .min(0)
      .max(24 * 365)
      .optional(),
  ),
  // Where the refresh fetches from: serves <repository>/<branch>/<path> as GitHub's raw host does (a mirror).
  DATA_REFRESH_URL: z.url().default('https://raw.githubusercontent.com/openfootball'),

  // Live data from football-data.org v4 (issue #4). Secret API token; empty = no real provider (the demo replay runs).
  FOOTBALL_DATA_TOKEN: optionalText,
  // API base, without a trailing slash; tests point it at a local server.
  FOOTBALL_DATA_URL: z.url().default('https://api.football-data.org/v4'),
  // The plan's request limit per minute: 10 free, 30 standard, 60 above. The client never sends more.
  FOOTBALL_DATA_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(600).default(10),

  // Demo schedule of replays (issue #4): auto = on when no real provider is configured. On-demand replays always run.
  REPLAY_MODE: z.enum(['auto', 'on', 'off']).default('auto'),
  // Clock rate of demo replays: 1 = real time, 60 = a match in under two minutes.
  REPLAY_SPEED: z.coerce.number().min(0.1).max(600).default(1),
  // Seed of the replay schedule: the same seed and clock give the same matches at the same times.
  REPLAY_SEED: z.string().trim().min(1).default('scoreline'),

  // Live stream (issue #4, DESIGN.md §5)
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(15),
  /** Anonymous pages are shared for this long (server/platform/page-cache.ts); 0 turns the cache off. */
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  LIVE_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(50),
  // "Relive this match": replays one address (an IPv6 /64) may start in 10 minutes (issue #18).
  RELIVES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(5),
  // Event-log rows older than this are pruned; a client further behind gets a resync event.
  LIVE_EVENT_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(48),
  // Live chat (issue #23; docs/chat.md): messages per user in a burst, refilled at one per interval
  // (a window of burst × interval seconds), and per client address (an IPv6 /64) in the same window.
  CHAT_MESSAGE_BURST: z.coerce.number().int().min(1).max(100).default(5),
  CHAT_MESSAGE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(60).default(2),
  CHAT_ADDRESS_BURST: z.coerce.number().int().min(1).max(100_000).default(5),
  // Minutes a new account waits before its first chat message (0: no wait; the e2e suite sets 0).
  CHAT_NEW_ACCOUNT_MINUTES: z.coerce.number().int().min(0).max(10_080).default(10),
  // How often a node hands its chat rooms' "people here" counts to the others (Redis only).
  CHAT_PRESENCE_SECONDS: z.coerce.number().int().min(1).max(300).default(5),
  // How often a non-leader ingest process tries to take over (PostgreSQL advisory lock).
  INGEST_LEADER_RETRY_SECONDS: z.coerce.number().int().min(1).max(30).default(5),

  // Model odds (issue #24, docs/odds.md): the margin on prices as a fraction (0.05 = 5 %); 0 = fair odds. Staff may override it.
  ODDS_MARGIN: z.coerce.number().min(0).max(0.25).default(0),

  // Accounts (issue #6; docs/decisions/010-accounts-and-tokens.md)
  // HS256 key for access tokens (≥ 32 characters). Empty = derived from the session secret.
  AUTH_JWT_SECRET: optionalText.refine((value) => value === undefined || value.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).max(86_400).default(1800),
  REFRESH_TOKEN_TTL: z.coerce.number().int().min(300).max(31_536_000).default(2_592_000),
  // When set, POST /api/auth/refresh-token requires this client_id.
  AUTH_CLIENT_ID: optionalText,
  // Take the client address for sign-in throttling from X-Forwarded-For (behind a reverse proxy).
  TRUST_PROXY: booleanFlag,
  // smtp://user:pass@host:587 or smtps://…; empty = mail goes to the outbox table.
  SMTP_URL: optionalText.refine((value) => value === undefined || /^smtps?:\/\/./.test(value), {
    message: 'must be smtp://… or smtps://…',
  }),
  MAIL_FROM: z.email().default('no-reply@scoreline.localhost'),
  // Social sign-in with OpenID Connect; all of issuer, client id and secret, or none.
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_REDIRECT_URI: optionalUrl,
  OIDC_NAME: optionalText,

  // Prometheus metrics (issue #17): /metrics is served only with this token, sent as
  // `Authorization: Bearer <token>`; empty = /metrics is not served at all (404).
  METRICS_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 16, {
    message: 'must be at least 16 characters',
  }),

  // Only for the end-to-end suite: mounts /__test/* pages that exercise error paths, and
  // POST /api/test/demo-replays (a demo replay started off the schedule).
  ENABLE_TEST_ROUTES: booleanFlag,
});

export type Config = Readonly<
  Omit<z.infer<typeof configSchema>, 'DATA_REFRESH_INTERVAL_HOURS'> & {
    DATA_DIR: string | undefined;
    DATA_REFRESH_INTERVAL_HOURS: number;
    isProduction: boolean;
  }
>;

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once. Throws ConfigError listing every bad key, so a
 * misconfigured deployment stops at boot with one readable message.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new ConfigError(issues);
  }
  const parsed = result.data;
  if (parsed.STRIPE_SECRET_KEY && !parsed.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError([
      'STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (Stripe’s webhooks settle the orders)',
    ]);
  }
  return Object.freeze({
    ...parsed,
    DATA_DIR: parsed.DATA_DIR ?? defaultDataDir(),
    // Tests never reach for the network unless they ask to.
    DATA_REFRESH_INTERVAL_HOURS: parsed.DATA_REFRESH_INTERVAL_HOURS ?? (parsed.NODE_ENV === 'test' ? 0 : 24),
    isProduction: parsed.NODE_ENV === 'production',
  });
}

/** DESIGN.md §4: `../shared/data` when it exists beside the project, else `var/data` when fetched. */
function defaultDataDir(): string | undefined {
  const candidates = [path.resolve('..', 'shared', 'data'), path.resolve('var', 'data')];
  return candidates.find((candidate) => existsSync(candidate));
}

/** The allow-listed subset of configuration the browser may see (STYLE.md §3). */
export function publicConfig(config: Config) {
  return {
    siteName: config.SITE_NAME,
    siteHost: config.SITE_HOST,
    baseUrl: config.BASE_URL,
    apiUrl: config.API_URL,
    imageHost: config.IMAGE_HOST ?? null,
    previewUrl: config.SITE_PREVIEW_URL ?? null,
    supportEmail: config.SITE_EMAIL_SUPPORT,
    clientId: config.SITE_CLIENT_ID,
    paymentClientId: config.PAYMENT_CLIENT_ID ?? null,
    pricingOverlayDomain: config.PRICING_OVERLAY_WEB_DOMAIN_NAME ?? null,
    analyticsGtmId: config.ANALYTICS_GTM_ID ?? null,
    social: {
      telegram: config.SOCIAL_TELEGRAM_URL ?? null,
      twitter: config.SOCIAL_TWITTER_URL ?? null,
      facebook: config.SOCIAL_FACEBOOK_URL ?? null,
    },
    authService: {
      apiKey: config.AUTH_API_KEY ?? null,
      authDomain: config.AUTH_DOMAIN ?? null,
      projectId: config.AUTH_PROJECT_ID ?? null,
      storageBucket: config.AUTH_STORAGE_BUCKET ?? null,
      messagingSenderId: config.AUTH_MESSAGING_SENDER_ID ?? null,
      appId: config.AUTH_APP_ID ?? null,
      measurementId: config.AUTH_MEASUREMENT_ID ?? null,
    },
  };
}

export type PublicConfig = ReturnType<typeof publicConfig>;
