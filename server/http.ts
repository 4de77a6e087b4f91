// Builds the Hono app (STYLE.md §11): tests import this and call app.request();
// server/main.ts listens. Order: request id + logging + metrics → security
// headers → compression → shared page cache → body limit → /api → /metrics (with its token) → static assets → the
// form check of pages' actions → React Router SSR.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { RouterContextProvider, createRequestHandler, type ServerBuild } from 'react-router';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createCmsGuard } from './modules/cms/cms.guard.ts';
import { cmsRoutes } from './modules/cms/cms.routes.ts';
import { cmsSecurityRoutes } from './modules/cms/cms-security.routes.ts';
import { cmsMessagesRoutes } from './modules/cms/cms-messages.routes.ts';
import { cmsUsersRoutes } from './modules/cms/cms-users.routes.ts';
import { cmsMatchesRoutes } from './modules/cms/cms-matches.routes.ts';
import { cmsPagesRoutes } from './modules/cms/cms-pages.routes.ts';
import { cmsSettingsRoutes } from './modules/cms/cms-settings.routes.ts';
import { cmsHotMatchesRoutes } from './modules/cms/cms-hot-matches.routes.ts';
import { cmsMediaRoutes, isMediaUploadRequest } from './modules/cms/cms-media.routes.ts';
import { cmsOrdersRoutes } from './modules/cms/cms-orders.routes.ts';
import { cmsPaymentsRoutes } from './modules/cms/cms-payments.routes.ts';
import { cmsDealsRoutes } from './modules/cms/cms-deals.routes.ts';
import { cmsOddsRoutes } from './modules/cms/cms-odds.routes.ts';
import { footballErrorResponse, footballRoutes } from './modules/football/football.routes.ts';
import { matchInsightRoutes } from './modules/football/match-insight.routes.ts';
import { followingRoutes } from './modules/football/following.routes.ts';
import { liveRoutes } from './modules/live/live.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { paymentRecordsRoutes } from './modules/payments/payments.records.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { mediaFilesRoutes } from './modules/media/media.files.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { chatModerationRoutes } from './modules/chat/chat-moderation.routes.ts';
import { oddsRoutes } from './modules/odds/odds.routes.ts';
import { replayRoutes, testReplayRoutes } from './ingest/replay.routes.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { sitemapRoutes } from './modules/site/sitemap.ts';
import { clientAddress } from './platform/client-address.ts';
import { errorBody, fieldErrors } from './platform/http-errors.ts';
import { createMetrics, routeGroup, type Metrics } from './platform/metrics.ts';
import { pageCache } from './platform/page-cache.ts';
import { checkPageForm, requestBodyLimit } from './platform/request-body.ts';
import { createNonce, FRAME_SRC_HEADER, frameSources, securityHeaders } from './platform/security.ts';
import { arrivedOverHttps } from './platform/transport.ts';
import { authRequestContext, requestInfoContext, servicesContext } from './router-context.server.ts';
import type { AppServices } from './services.ts';
import { renderApiDocs } from './api-docs.ts';

export interface HttpAppOptions {
  services: AppServices;
  metrics?: Metrics;
  /** The React Router server build; absent in API-only tests. */
  getBuild?: () => Promise<ServerBuild>;
  /** Folder of the client build (hashed assets); absent in development, where Vite serves them. */
  clientDir?: string;
  /** In development Vite injects inline scripts, so no CSP nonce is enforced. */
  mode?: 'production' | 'development';
  /** Anonymous pages are shared for this long (server/platform/page-cache.ts); 0 turns it off. Default: 1 s in production with pages. */
  pageCacheTtlMs?: number;
}

/** `nonce` is made when something first asks for it (nonceOf): a live stream never does. */
type AppEnv = { Variables: { requestId: string; nonce?: string | null } };

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The id the first middleware gave this request (the API's sub-app does not know the app's variables). */
function requestIdOf(c: Context): string | undefined {
  const id: unknown = c.get('requestId');
  return typeof id === 'string' ? id : undefined;
}

export function createHttpApp(options: HttpAppOptions) {
  const { services } = options;
  const { config, logger } = services;
  const metrics = options.metrics ?? createMetrics({ collectDefaults: false });
  const mode = options.mode ?? 'production';
  const app = new Hono<AppEnv>();

  /** This response's CSP nonce (null in development). */
  function nonceOf(c: Context<AppEnv>): string | null {
    let nonce = c.get('nonce');
    if (nonce === undefined) {
      nonce = mode === 'production' ? createNonce() : null;
      c.set('nonce', nonce);
    }
    return nonce;
  }

  app.use('*', async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    c.set('requestId', requestId);
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    const route = routeGroup(c.req.path);
    // Set on the finished response itself: c.header() here would make Hono rebuild the whole response
    // (a second Response and Headers, kept for the life of a live stream). A live stream written
    // straight to node's response (server/modules/live/live-stream.ts) has it in its head already.
    if (c.res !== RESPONSE_ALREADY_SENT) {
      try {
        c.res.headers.set('X-Request-Id', requestId);
      } catch {
        c.header('X-Request-Id', requestId);
      }
    }
    metrics.httpRequests.inc({ method: c.req.method, route, status: String(c.res.status) });
    metrics.httpDuration.observe({ method: c.req.method, route }, seconds);
    // Path only: query strings may carry things that do not belong in logs.
    logger.info(
      {
        reqId: requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(seconds * 1000),
      },
      'request',
    );
  });

  app.use('*', async (c, next) => {
    await next();
    // A live stream is not a page: none of the page headers (CSP, framing) apply, and each would be kept
    // in memory for as long as the stream stays open.
    if (c.res === RESPONSE_ALREADY_SENT || c.res.headers.get('content-type')?.startsWith('text/event-stream')) return;
    const overHttps = arrivedOverHttps(c.req.raw, config.TRUST_PROXY);
    // The tag manager the policy allows is the one in effect: staff may set it in the CMS (issue #20).
    const analyticsId = services.siteSettings.snapshot().analyticsId ?? undefined;
    const effective = analyticsId === config.ANALYTICS_GTM_ID ? config : { ...config, ANALYTICS_GTM_ID: analyticsId };
    // A page with a video platform's embed (issue #22) names that platform: its frame-src, on that page only.
    const frames = frameSources(c.res.headers.get(FRAME_SRC_HEADER));
    c.res.headers.delete(FRAME_SRC_HEADER);
    for (const [name, value] of Object.entries(securityHeaders(effective, nonceOf(c), overHttps, c.req.path, frames))) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
  });

  app.use('*', compress());

  // Inside the page headers and compression: it stores a page as rendered, compresses it once itself, and
  // gives every response the nonce the page headers announce (server/platform/page-cache.ts).
  const pageCacheTtlMs = options.pageCacheTtlMs ?? (mode === 'production' && options.getBuild ? 1000 : 0);
  if (pageCacheTtlMs > 0) app.use('*', pageCache({ ttlMs: pageCacheTtlMs, nonce: nonceOf }));

  // 64 kB for every body, API and pages alike (server/platform/request-body.ts); GET is not touched.
  // A CMS video upload is the one exception: it streams to disk under its own cap (MEDIA_UPLOAD_MAX_MB).
  app.use('*', requestBodyLimit(undefined, isMediaUploadRequest));

  // CSRF (issue #6): a cross-site write that would ride on the session cookies is refused.
  app.use('*', async (c, next) => {
    if (!services.sessions.isForbiddenWrite(c.req.raw)) return next();
    if (c.req.path.startsWith('/api/')) {
      return c.json(errorBody('cross_site_request', 'Requests from other sites cannot use your session'), 403);
    }
    return c.text('This form was sent from another site, so it was not accepted.', 403);
  });

  // ---- JSON API -----------------------------------------------------------
  const api = new OpenAPIHono({
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json(errorBody('invalid_input', 'The request is not valid', fieldErrors(result.error)), 400);
      }
      return undefined;
    },
  });
  siteRoutes(
    {
      contact: services.contact,
      database: services.database,
      config,
      logger,
      isIngestLeader: () => services.ingest.isLeader(),
      liveClients: () => services.live.hub.stats().clients,
      dataRefresh: () => services.ingest.dataRefreshStatus(),
    },
    api,
  );
  authRoutes(
    {
      accounts: services.accounts,
      preferences: services.preferences,
      sessions: services.sessions,
      oidc: services.oidc,
      config,
      logger,
    },
    api,
  );
  // One guard for every CMS API: it also sends staff without two-factor sign-in, while required, to set it up.
  const cmsGuard = createCmsGuard({ sessions: services.sessions, config, twoFactor: services.twoFactor });
  cmsRoutes(
    {
      guard: cmsGuard,
      staff: services.cms.staff,
      audit: services.cms.audit,
      config,
    },
    api,
  );
  cmsPagesRoutes({ guard: cmsGuard, pages: services.cms.pages }, api);
  cmsHotMatchesRoutes({ guard: cmsGuard, hotMatches: services.cms.hotMatches }, api);
  cmsSettingsRoutes({ guard: cmsGuard, settings: services.cms.settings }, api);
  cmsUsersRoutes({ guard: cmsGuard, users: services.cms.users }, api);
  cmsMessagesRoutes({ guard: cmsGuard, messages: services.cms.messages }, api);
  cmsMatchesRoutes({ guard: cmsGuard, matches: services.cms.matches }, api);
  cmsSecurityRoutes({ guard: cmsGuard, security: services.cms.security }, api);
  cmsPaymentsRoutes({ guard: cmsGuard, payments: services.cms.payments }, api);
  cmsOrdersRoutes({ guard: cmsGuard, orders: services.cms.orders }, api);
  cmsDealsRoutes({ guard: cmsGuard, deals: services.cms.deals }, api);
  cmsMediaRoutes({ guard: cmsGuard, media: services.cms.media }, api);
  cmsOddsRoutes({ guard: cmsGuard, odds: services.cms.odds }, api);
  footballRoutes(services.football, api);
  matchInsightRoutes(services.matchInsight, api);
  followingRoutes(services.following, api);
  oddsRoutes(services.odds, api);
  paymentsRoutes({ payments: services.payments, sessions: services.sessions, config }, api);
  paymentRecordsRoutes({ records: services.paymentRecords, sessions: services.sessions, config }, api);
  mediaRoutes({ media: services.media, sessions: services.sessions, config }, api);
  chatRoutes({ chat: services.chat, sessions: services.sessions, config }, api);
  chatModerationRoutes({ guard: cmsGuard, chat: services.chat }, api);
  liveRoutes(services.live.hub, api, { requestIdOf });
  replayRoutes(services.replays, api, config.TRUST_PROXY);
  if (services.config.ENABLE_TEST_ROUTES) testReplayRoutes(services.replays, api, services.clock);
  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: `${config.SITE_NAME} API`, version: '1' },
    servers: [{ url: '/api' }],
  });
  api.get('/docs', (c) => c.html(renderApiDocs(api, config.SITE_NAME)));
  api.onError((error, c) => apiError(error, c));
  app.route('/api', api);
  // The sandbox's hosted checkout settles through its own signed webhook, posted to this app's webhook
  // route like any gateway's: the route, not the checkout, verifies and settles it (issue #21).
  services.payments.connectWebhookEndpoint(async (request) => await app.fetch(request));
  app.all('/api/*', (c) => c.json(errorBody('not_found', `No API endpoint ${c.req.method} ${c.req.path}`), 404));

  function apiError(error: unknown, c: Context): Response {
    const known = footballErrorResponse(error);
    if (known) return known;
    if (error instanceof HTTPException) {
      // Hono raises these for malformed bodies (e.g. invalid JSON).
      return Response.json(errorBody('bad_request', error.message || 'The request could not be read'), {
        status: error.status,
      });
    }
    logger.error({ err: error, reqId: requestIdOf(c), method: c.req.method, path: c.req.path }, 'API error');
    return Response.json(errorBody('internal_error', 'Something went wrong on our side'), { status: 500 });
  }

  // sitemap.xml and robots.txt (issue #5, SEO): built from the database, so not static files.
  app.route(
    '/',
    sitemapRoutes({
      db: services.database.db,
      baseUrl: config.BASE_URL,
      films: () => services.media.publishedFilmIds(),
    }),
  );

  // Stored videos' files (issue #22): premium ones only with a signed URL, checked again on every playlist.
  app.route(
    '/',
    mediaFilesRoutes({
      media: services.media,
      mediaDir: config.MEDIA_DIR,
      tokenKey: services.mediaTokenKey,
      clock: services.clock,
      sessionUser: async (request) => (await services.sessions.currentUser(request))?.id ?? null,
      imageHost: config.IMAGE_HOST ?? null,
    }),
  );

  // Prometheus metrics (issue #17): route names, counts and process figures are for the operator, not
  // the public. Served only when METRICS_TOKEN is set, to `Authorization: Bearer <token>`; without it the
  // path is not served at all. Both sides are hashed first, so the comparison takes the same time
  // whatever is sent, its length included.
  const metricsToken = config.METRICS_TOKEN;
  if (metricsToken) {
    const expected = createHash('sha256').update(metricsToken).digest();
    app.get('/metrics', async (c) => {
      const sent = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
      if (!timingSafeEqual(createHash('sha256').update(sent).digest(), expected)) {
        c.header('WWW-Authenticate', 'Bearer realm="metrics"');
        return c.text('Unauthorized', 401);
      }
      c.header('Cache-Control', 'no-store');
      c.header('Content-Type', metrics.registry.contentType);
      return c.body(await metrics.registry.metrics());
    });
  }

  // ---- Static files of the client build -----------------------------------
  if (options.clientDir) {
    const root = path.relative(process.cwd(), options.clientDir) || '.';
    app.use('/assets/*', serveStatic({ root, onFound: (_path, c) => void c.header('Cache-Control', IMMUTABLE) }));
    app.get('/assets/*', (c) => c.text('Not found', 404));
    app.use('*', serveStatic({ root, onFound: (_path, c) => void c.header('Cache-Control', 'public, max-age=3600') }));
  }

  // ---- Pages: React Router SSR --------------------------------------------
  const getBuild = options.getBuild;
  if (getBuild) {
    let handler: ReturnType<typeof createRequestHandler> | undefined;
    app.all('*', async (c) => {
      // An action reads a form: anything else is refused here, not thrown inside the action.
      const form = await checkPageForm(c.req.raw);
      if (!form.ok) return c.text(form.message, form.status);
      handler ??= createRequestHandler(getBuild, mode);
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(requestInfoContext, { requestId: c.get('requestId'), nonce: nonceOf(c) ?? '' });
      // The session of this request; its cookies (sign-in, refresh, sign-out) go on the response.
      const auth = services.sessions.forRequest(c.req.raw, clientAddress(c, config.TRUST_PROXY));
      context.set(authRequestContext, auth);
      return auth.applyTo(await handler(withDecodablePath(form.request), context));
    });
  }

  // The one place an error that escaped a route is logged (with the request id), and the answer has no stack.
  app.onError((error, c) => {
    if (c.req.path.startsWith('/api/')) return apiError(error, c);
    logger.error({ err: error, reqId: c.get('requestId'), method: c.req.method, path: c.req.path }, 'unhandled error');
    return c.text('Internal Server Error', 500);
  });

  return app;
}

export type HttpApp = ReturnType<typeof createHttpApp>;

/**
 * The request with a path that percent-decodes. React Router answers a malformed one (`/team/%zz`, a
 * broken UTF-8 escape) as a missing page anyway, but first prints the whole URL with console.warn, outside
 * the JSON log (issue #17, finding 7). Escaping every `%` of such a path keeps the answer and the page.
 */
function withDecodablePath(request: Request): Request {
  const url = new URL(request.url);
  try {
    decodeURIComponent(url.pathname);
    return request;
  } catch {
    url.pathname = url.pathname.replaceAll('%', '%25');
    return new Request(url, request);
  }
}
