// The services loaders, actions and API routes use, built once per process.
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/client.ts';
import { createOidcService, type OidcService } from './modules/auth/auth.oidc.ts';
import { createAccountService, type AccountService } from './modules/auth/auth.service.ts';
import { createPreferencesService, type PreferencesService } from './modules/auth/auth.preferences.ts';
import { createStaffAccountService, type StaffAccountService } from './modules/auth/auth.staff.ts';
import { createTwoFactorService, type TwoFactorService } from './modules/auth/auth.two-factor.ts';
import { createUserDirectory } from './modules/auth/auth.users.ts';
import { createCmsServices, type CmsServices } from './modules/cms/cms.service.ts';
import { createSessionService, type SessionService } from './modules/auth/auth.session.ts';
import {
  accessTokenKey,
  createAccessTokenSigner,
  oidcStateKey,
  sessionTokenKey,
  twoFactorKeys,
} from './modules/auth/auth.tokens.ts';
import { createIngest, type Ingest } from './ingest/ingest.ts';
import { createFootballService, type FootballService } from './modules/football/football.service.ts';
import { createSiteSettingsService, type SiteSettingsService } from './modules/site/settings.service.ts';
import { createHotMatchesService, type HotMatchesService } from './modules/football/hot-matches.service.ts';
import { createMatchInsightService, type MatchInsightService } from './modules/football/match-insight.service.ts';
import { createFollowingService, type FollowingService } from './modules/football/following.service.ts';
import { createLiveService, type LiveService } from './modules/live/live.service.ts';
import { createReliveService, type ReliveService } from './ingest/relive.ts';
import { createContactService, type ContactService } from './modules/site/contact.service.ts';
import { createPagesService, type PagesService } from './modules/site/pages.service.ts';
import { createPaymentsService, type PaymentsService } from './modules/payments/payments.service.ts';
import { PAYMENT_LINK_TTL_MS, paymentLinkKey, signPaymentToken } from './modules/payments/payments.links.ts';
import { createPaymentJobs, type PaymentJobs } from './modules/payments/payments.jobs.ts';
import { createSandboxProvider, webhookSecret } from './modules/payments/payments.sandbox.ts';
import { createPaymentRecords, type PaymentRecords } from './modules/payments/payments.records.ts';
import { createPaymentMail, type PaymentMail } from './modules/payments/payments.mail.ts';
import {
  createStripeProvider,
  storedPaymentIntent,
  storedPlanName,
  stripeApiAddress,
} from './modules/payments/payments.stripe.ts';
import { createLocalProvider } from './modules/payments/payments.local.ts';
import { createMediaService, type MediaService } from './modules/media/media.service.ts';
import { mediaTokenKey } from './modules/media/media.tokens.ts';
import { createChatService, type ChatService } from './modules/chat/chat.service.ts';
import { createRoomPresence } from './modules/chat/chat.presence.ts';
import { createAuditLog } from './modules/cms/cms-audit.service.ts';
import { createOddsService, type OddsService } from './modules/odds/odds.service.ts';
import { createOddsSettings } from './modules/odds/odds.settings.ts';
import type { LiveBus } from './platform/bus.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { publicConfig, type Config, type PublicConfig } from './platform/config.ts';
import { createMailer, type Mailer } from './platform/mailer.ts';
import { createRateLimits, type RateLimits } from './platform/rate-limit.ts';

export interface AppServices {
  config: Config;
  publicConfig: PublicConfig;
  logger: Logger;
  database: DatabaseHandle;
  /** Signs session tokens (accounts, issue #6) and payment links. */
  sessionSecret: string;
  clock: Clock;
  /** Atomic limits, in memory or shared through Redis (issue #17). */
  rateLimits: RateLimits;
  sessions: SessionService;
  accounts: AccountService;
  /** The display settings that follow a signed-in account (hide odds, chat masking, …). */
  preferences: PreferencesService;
  /** Roles, suspension and staff enrolment: the CMS's way into the accounts (issue #20). */
  staffAccounts: StaffAccountService;
  /** Staff two-factor sign-in: TOTP, recovery codes, the staff policy (issue #20). */
  twoFactor: TwoFactorService;
  /** The staff area: audit log, staff, and the screens that follow (issue #20). */
  cms: CmsServices;
  mailer: Mailer;
  oidc: OidcService;
  contact: ContactService;
  pages: PagesService;
  football: FootballService;
  /** The hot lists of a day with staff pins first (issue #20). */
  hotMatches: HotMatchesService;
  /** Site settings in effect: the environment's, overridden by staff, fresh on every node (issue #20). */
  siteSettings: SiteSettingsService;
  /** The match centre's momentum, head-to-head and table around (issue #5). */
  matchInsight: MatchInsightService;
  /** Home's Following section: followed teams' next and last matches (issue #19). */
  following: FollowingService;
  /** The live bus and this process's SSE hub (issue #4). */
  live: LiveService;
  /** Providers, pipeline and scheduler; only the leader's scheduler runs (issue #4). */
  ingest: Ingest;
  /** "Relive this match": on-demand replays (issue #4). */
  replays: ReliveService;
  /** Plans, orders, settlement and entitlements: the one answer to "may this user…" (issue #21). */
  payments: PaymentsService;
  /**
   * The payments module's periodic jobs, run on every node (server/main.ts starts and stops them):
   * order expiry; add yours with `paymentJobs.every(name, intervalMs, fn)` (docs/payments.md "Jobs").
   */
  paymentJobs: PaymentJobs;
  /** The account's order history and receipts (issue #21). */
  paymentRecords: PaymentRecords;
  /** Receipts, refund notices (told by payments.onOrderChanged) and the expiry reminder job's work (issue #21). */
  paymentMail: PaymentMail;
  /** The video catalogue, signed playback and playback positions (issue #22; docs/media.md). */
  media: MediaService;
  /** Signs and checks media URLs (server/modules/media/media.tokens.ts). */
  mediaTokenKey: Uint8Array;
  /** Live chat per match: rooms, messages on the live path, limits, moderation (issue #23; docs/chat.md). */
  chat: ChatService;
  /**
   * Model odds (issue #24; docs/odds.md): `odds.enabled()` for loaders (false: show no betting content),
   * `odds.forMatch(id)`, `odds.winProbability(id)`; live odds follow ingest's match changes.
   */
  odds: OddsService;
}

export function createServices(options: {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  sessionSecret: string;
  clock?: Clock;
  /** Tests pass their own bus to connect several apps in one process. */
  bus?: LiveBus;
  /** Tests pass their own limits (e.g. Redis under a prefix of their own). */
  rateLimits?: RateLimits;
  /** Tests pass their own Redis key prefix for the chat rooms' "people here" counts. */
  chatPresencePrefix?: string;
}): AppServices {
  const clock = options.clock ?? systemClock;
  const { db } = options.database;
  const { config, logger } = options;
  const mailer = createMailer({
    db,
    clock,
    logger,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    siteName: config.SITE_NAME,
  });
  const signer = createAccessTokenSigner({
    key: accessTokenKey(config.AUTH_JWT_SECRET, options.sessionSecret),
    issuer: new URL(config.BASE_URL).origin,
    audience: config.SITE_CLIENT_ID,
  });
  const rateLimits = options.rateLimits ?? createRateLimits(config.REDIS_URL, logger);
  const twoFactor = createTwoFactorService({
    db,
    clock,
    keys: twoFactorKeys(options.sessionSecret),
    rateLimits,
    issuer: config.SITE_NAME,
  });
  const accounts = createAccountService({
    db,
    clock,
    config,
    signer,
    tokenKey: sessionTokenKey(options.sessionSecret),
    rateLimits,
    mailer,
    logger,
    twoFactor,
  });
  const live = createLiveService({
    config,
    database: options.database,
    logger,
    clock,
    ...(options.bus ? { bus: options.bus } : {}),
  });
  const ingest = createIngest({ config, database: options.database, clock, logger, live });
  const football = createFootballService(db);
  const hotMatches = createHotMatchesService({ db, engine: options.database.engine, football });
  const siteSettings = createSiteSettingsService({ db, config, bus: live.bus, clock, logger });
  const staffAccounts = createStaffAccountService({ db, engine: options.database.engine, clock });
  const directory = createUserDirectory({ db, engine: options.database.engine, clock });
  const contact = createContactService(db, clock, rateLimits);
  const pages = createPagesService({ db, clock });
  const linkKey = paymentLinkKey(options.sessionSecret);
  const payments = createPaymentsService({
    linkKey,
    siteBaseUrl: config.BASE_URL,
    db,
    engine: options.database.engine,
    clock,
    currency: config.PAYMENT_CURRENCY,
    orderTtl: {
      defaultMs: config.PAYMENT_ORDER_TTL_HOURS * 3_600_000,
      localMs: config.PAYMENT_LOCAL_ORDER_TTL_DAYS * 86_400_000,
    },
    orderLimits: {
      rateLimits,
      perUserPerHour: config.PAYMENT_ORDERS_PER_USER,
      perAddressPerHour: config.PAYMENT_ORDERS_PER_ADDRESS,
    },
    onListenerError: (error, change) =>
      logger.error({ err: error, orderId: change.order.id, to: change.to }, 'An order-change listener failed'),
    onProviderError: (error, provider) => logger.error({ err: error, provider }, 'A payment provider made no checkout'),
    providers: [
      createSandboxProvider({
        baseUrl: config.PAYMENT_BASE_URL ?? config.BASE_URL,
        secret: webhookSecret(config.PAYMENT_WEBHOOK_SECRET, options.sessionSecret),
        checkoutToken: (order) =>
          signPaymentToken(linkKey, order.id, new Date(clock.now().getTime() + PAYMENT_LINK_TTL_MS)),
      }),
      // Offered only when configured (loadConfig requires the webhook secret with the key).
      ...(config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
        ? [
            createStripeProvider({
              secretKey: config.STRIPE_SECRET_KEY,
              webhookSecret: config.STRIPE_WEBHOOK_SECRET,
              baseUrl: config.BASE_URL,
              api: stripeApiAddress(config.STRIPE_API_URL),
              paymentIntentOf: storedPaymentIntent(db),
              planNameOf: storedPlanName(db),
            }),
          ]
        : []),
      ...(config.LOCAL_PAYMENT_ENABLED
        ? [
            createLocalProvider({
              baseUrl: config.BASE_URL,
              account: {
                accountName: config.LOCAL_PAYMENT_ACCOUNT_NAME,
                iban: config.LOCAL_PAYMENT_IBAN,
                bic: config.LOCAL_PAYMENT_BIC,
                bank: config.LOCAL_PAYMENT_BANK,
              },
            }),
          ]
        : []),
    ],
  });
  const paymentJobs = createPaymentJobs({ clock, logger });
  paymentJobs.every('order-expiry', config.PAYMENT_EXPIRY_CHECK_SECONDS * 1000, ({ now }) =>
    payments.expireOrders(now),
  );
  const buyer = async (userId: number) => {
    const user = await accounts.getUser(userId);
    return user ? { name: user.displayName, email: user.email } : null;
  };
  const paymentRecords = createPaymentRecords({
    db,
    buyer,
    seller: {
      name: config.PAYMENT_SELLER_NAME ?? config.SITE_NAME,
      address: config.PAYMENT_SELLER_ADDRESS ?? null,
      vatId: config.PAYMENT_VAT_ID ?? null,
      vatRatePercent: config.PAYMENT_VAT_RATE,
    },
  });
  const paymentMail = createPaymentMail({
    db,
    mailer,
    records: paymentRecords,
    buyer,
    planOf: (userId) => payments.me(userId),
    clock,
    logger,
    site: { name: config.SITE_NAME, baseUrl: config.BASE_URL },
  });
  payments.onOrderChanged((change) => paymentMail.onOrderChanged(change));
  paymentJobs.every('expiry-reminders', config.PAYMENT_REMINDER_CHECK_SECONDS * 1000, ({ now }) =>
    paymentMail.sendExpiryReminders(now),
  );
  const mediaKey = mediaTokenKey(options.sessionSecret);
  const media = createMediaService({
    db,
    clock,
    tokenKey: mediaKey,
    urlTtlSeconds: config.MEDIA_URL_TTL_SECONDS,
    imageHost: config.IMAGE_HOST ?? null,
    entitlements: async (userId) => (await payments.entitlements(userId)).map((item) => item.name),
    mediaDir: config.MEDIA_DIR,
    ffmpegPath: config.FFMPEG_PATH,
    ffprobePath: config.FFPROBE_PATH,
    uploadMaxBytes: config.MEDIA_UPLOAD_MAX_MB * 1_048_576,
    captionsMaxBytes: config.MEDIA_CAPTIONS_MAX_KB * 1024,
    log: (message, details) => logger.info({ media: true, ...details }, message),
  });
  const chat = createChatService({
    db,
    engine: options.database.engine,
    clock,
    live,
    football,
    users: accounts,
    rateLimits,
    presence: createRoomPresence({
      localCounts: () => live.hub.subscriberCounts('chat:'),
      redisUrl: config.REDIS_URL,
      logger,
      intervalMs: config.CHAT_PRESENCE_SECONDS * 1000,
      ...(options.chatPresencePrefix ? { prefix: options.chatPresencePrefix } : {}),
    }),
    // The CMS's audit log (stateless: a second writer over the same table); chat cannot import the cms
    // module's services, which build on chat's.
    audit: createAuditLog({ db, clock }),
    limits: {
      newAccountWaitMs: config.CHAT_NEW_ACCOUNT_MINUTES * 60_000,
      burst: config.CHAT_MESSAGE_BURST,
      intervalSeconds: config.CHAT_MESSAGE_INTERVAL_SECONDS,
      addressBurst: config.CHAT_ADDRESS_BURST,
    },
  });
  const odds = createOddsService({
    db,
    football,
    live,
    settings: createOddsSettings({
      db,
      engine: options.database.engine,
      bus: live.bus,
      clock,
      logger,
      defaultMargin: config.ODDS_MARGIN,
    }),
    clock,
    logger,
  });
  // A goal, a red card, the minute moving on or a result coming in: the odds follow (refit, live odds).
  ingest.pipeline.onMatchChanged((change) => odds.onMatchChanged(change));
  return {
    config: options.config,
    publicConfig: publicConfig(options.config),
    logger: options.logger,
    database: options.database,
    sessionSecret: options.sessionSecret,
    clock,
    rateLimits,
    sessions: createSessionService({ accounts, config, clock, logger }),
    accounts,
    preferences: createPreferencesService({ db, clock }),
    staffAccounts,
    twoFactor,
    cms: createCmsServices({
      db,
      clock,
      config,
      mailer,
      staffAccounts,
      twoFactor,
      accounts,
      directory,
      contact,
      football,
      pages,
      corrector: ingest.pipeline.corrections,
      hotMatches,
      siteSettings,
      payments,
      media,
      odds,
      chat,
    }),
    mailer,
    oidc: createOidcService({ config, stateKey: oidcStateKey(options.sessionSecret) }),
    contact,
    pages,
    football,
    hotMatches,
    siteSettings,
    matchInsight: createMatchInsightService({ db, football, clock }),
    following: createFollowingService({ db, football, clock }),
    live,
    ingest,
    replays: createReliveService({ ingest, football, rateLimits, perAddress: config.RELIVES_PER_ADDRESS }),
    payments,
    paymentJobs,
    paymentRecords,
    paymentMail,
    media,
    mediaTokenKey: mediaKey,
    chat,
    odds,
  };
}
