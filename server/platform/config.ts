// The only reader of process.env (STYLE.md §5). Parsed once, frozen, and fails
// fast naming every bad key. Every key here is documented in .env.example.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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
  PRICING_OVERLAY_WEB_DOMAIN_NAME: optionalText,

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

  // Import the football data on the first start of an empty database (in the background).
  AUTO_SEED: z.enum(['0', '1', 'true', 'false']).default('1').transform((value) => value === '1' || value === 'true'),

  // Only for the end-to-end suite: mounts /__test/* pages that exercise error paths.
  ENABLE_TEST_ROUTES: booleanFlag,
});

export type Config = Readonly<
  z.infer<typeof configSchema> & {
    DATA_DIR: string | undefined;
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
  return Object.freeze({
    ...parsed,
    DATA_DIR: parsed.DATA_DIR ?? defaultDataDir(),
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
