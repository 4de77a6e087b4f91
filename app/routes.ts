// Every URL of the site in one file (DESIGN.md §3). Spec §2: each route exists
// without a prefix and with /en, so every path starts with the optional static
// segment `en?`; the unprefixed form is canonical (see app/lib/seo/seo.ts).
import { type RouteConfig, layout, route } from '@react-router/dev/routes';

export default [
  layout('layouts/home.tsx', [route('en?', 'routes/home.tsx', { id: 'home' })]),

  layout('layouts/default.tsx', [
    route('en?/hot-match-today', 'routes/hot-match-today.tsx'),
    route('en?/live-sports', 'routes/live-sports.tsx'),
    route('en?/sport/football-1/highlights', 'routes/sport-highlights.tsx'),
    route('en?/sport/:slug?', 'routes/sport.tsx'),
    route('en?/league', 'routes/leagues.tsx'),
    route('en?/league/:id', 'routes/league.tsx'),
    route('en?/team/:id?', 'routes/team.tsx'),
    route('en?/match/:id?', 'routes/match.tsx', [
      route('', 'routes/match-centre.tsx', { index: true, id: 'match-centre' }),
      route('highlight', 'routes/match-highlight-tab.tsx'),
    ]),
    route('en?/match-highlight/:id?', 'routes/match-highlight.tsx'),
    route('en?/movies', 'routes/movies.tsx'),
    route('en?/movies/:id', 'routes/movie.tsx'),
    route('en?/pricing', 'routes/pricing.tsx'),
    route('en?/pricing-sport', 'routes/pricing-sport.tsx'),
    route('en?/payment/copy-link', 'routes/payment-copy-link.tsx'),
    // Where a copy-link leads, on another device and with no session (issue #21).
    route('en?/payment/link/:token', 'routes/payment-link.tsx'),
    route('en?/payment/result', 'routes/payment-result.tsx'),
    route('en?/payment/success', 'routes/payment-success.tsx'),
    route('en?/payment/failure', 'routes/payment-failure.tsx'),
    // The sandbox provider's hosted test checkout (issue #21): its checkoutUrl, under PAYMENT_BASE_URL.
    route('en?/payment/sandbox/:orderId', 'routes/payment-sandbox.tsx'),
    route('en?/payment/transfer/:orderId', 'routes/payment-transfer.tsx'),
    route('en?/about-us', 'routes/about-us.tsx'),
    route('en?/contact', 'routes/contact.tsx'),
    route('en?/terms', 'routes/terms.tsx'),
    route('en?/policy/privacy', 'routes/policy-privacy.tsx'),
    route('en?/policy/refund', 'routes/policy-refund.tsx'),
    route('en?/:name', 'routes/cms-page.tsx'),
    // Error-path pages for the end-to-end suite; 404 unless ENABLE_TEST_ROUTES is set.
    route('__test/unknown-middleware', 'routes/test-unknown-middleware.tsx'),
    route('__test/:scenario', 'routes/test-scenario.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),

  layout('layouts/auth.tsx', [
    route('en?/login', 'routes/login.tsx'),
    route('en?/register', 'routes/register.tsx'),
    route('en?/auth/reset-password', 'routes/reset-password.tsx'),
  ]),

  layout('layouts/user.tsx', [
    route('en?/account', 'routes/account.tsx'),
    route('en?/account/orders/:orderId', 'routes/account-order.tsx'),
  ]),

  layout('layouts/cms.tsx', [
    route('en?/cms/login', 'routes/cms/login.tsx'),
    route('en?/cms/invite/:token', 'routes/cms/invite.tsx'),
    route('en?/cms', 'routes/cms/dashboard.tsx'),
    route('en?/cms/pages', 'routes/cms/pages.tsx'),
    route('en?/cms/pages/new', 'routes/cms/page-new.tsx'),
    route('en?/cms/pages/:id', 'routes/cms/page-edit.tsx'),
    route('en?/cms/pages/:id/revisions/:number', 'routes/cms/page-revision.tsx'),
    route('en?/cms/hot-matches', 'routes/cms/hot-matches.tsx'),
    route('en?/cms/media', 'routes/cms/media.tsx'),
    route('en?/cms/media/new', 'routes/cms/media-new.tsx'),
    route('en?/cms/media/:id', 'routes/cms/media-video.tsx'),
    route('en?/cms/staff', 'routes/cms/staff.tsx'),
    route('en?/cms/audit', 'routes/cms/audit.tsx'),
    route('en?/cms/chat', 'routes/cms/chat.tsx'),
    route('en?/cms/chat/rooms', 'routes/cms/chat-rooms.tsx'),
    route('en?/cms/chat/sanctions', 'routes/cms/chat-sanctions.tsx'),
    route('en?/cms/security', 'routes/cms/security.tsx'),
    route('en?/cms/matches', 'routes/cms/matches.tsx'),
    route('en?/cms/matches/:id', 'routes/cms/match.tsx'),
    route('en?/cms/users', 'routes/cms/users.tsx'),
    route('en?/cms/users/:id', 'routes/cms/user.tsx'),
    route('en?/cms/messages', 'routes/cms/messages.tsx'),
    route('en?/cms/messages/:id', 'routes/cms/message.tsx'),
    route('en?/cms/outbox', 'routes/cms/outbox.tsx'),
    route('en?/cms/settings', 'routes/cms/settings.tsx'),
    route('en?/cms/odds', 'routes/cms/odds.tsx'),
    route('en?/cms/payments/coupons', 'routes/cms/payments-coupons.tsx'),
    route('en?/cms/payments/coupons/:id', 'routes/cms/payments-coupon.tsx'),
    route('en?/cms/payments/house-ad', 'routes/cms/payments-house-ad.tsx'),
    route('en?/cms/payments/orders', 'routes/cms/payments-orders.tsx'),
    route('en?/cms/payments/orders/:id', 'routes/cms/payments-order.tsx'),
    route('en?/cms/payments/plans', 'routes/cms/payment-plans.tsx'),
    route('en?/cms/payments/plans/new', 'routes/cms/payment-plan-new.tsx'),
    route('en?/cms/payments/plans/:id', 'routes/cms/payment-plan.tsx'),
    route('en?/cms/payments/providers', 'routes/cms/payment-providers.tsx'),
  ]),
] satisfies RouteConfig;
