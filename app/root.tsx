// Must stay the first import: see the file.
import './lib/site/zod-config.ts';
import { useEffect, type ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts } from 'react-router';
import type { Route } from './+types/root';
import appCss from './app.css?url';
import { RouteErrorBoundary } from './features/site-frame/error-page.tsx';
import { LiveAnnouncer } from './components/live-announcer.tsx';
import { OfflineBanner } from './components/offline-banner.tsx';
import { ProgressBar } from './components/progress-bar.tsx';
import { COLOUR_MODE_SCRIPT } from '../domain/colour-mode.ts';
import { subscribeColourMode } from './lib/preferences/colour-mode.ts';
import { getHeaderUser } from './lib/auth/current-user.server.ts';
import { useFavouritesSync } from './lib/preferences/use-favourites-sync.ts';
import { useSignedInUser, type HeaderUser } from './lib/auth/auth-user.ts';
import { useHydratedMark } from './lib/loading/deferred.tsx';
import { localeMiddleware } from './lib/routing/locale.server.ts';
import { ScrollManager } from './lib/routing/scroll.tsx';
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE } from './lib/seo/seo.ts';
import { useRootData, type RootData } from './lib/site/site.ts';
import { zoneOffsetsFor } from './lib/time/time-zone.ts';
import { registerZoneOffsets } from '../domain/time-zones.ts';
import { getRequestInfo, getServices } from '../server/router-context.server.ts';

export const middleware: Route.MiddlewareFunction[] = [localeMiddleware];

export async function loader({ context, request }: Route.LoaderArgs): Promise<RootData & { user: HeaderUser | null }> {
  // `user` feeds the header (app/lib/auth/auth-user.ts); sign-in and sign-out reload the document.
  const { siteSettings, clock } = getServices(context);
  const [site, announcement] = await Promise.all([siteSettings.publicConfig(), siteSettings.announcement(clock.now())]);
  return {
    site,
    announcement,
    nonce: getRequestInfo(context).nonce,
    zoneOffsets: zoneOffsetsFor(new URL(request.url), request.headers.get('cookie')),
    user: await getHeaderUser(context),
  };
}

// Nothing here is revalidated on client-side navigations: the settings (issue #20) change rarely, and the
// next page loaded shows a change.
export function shouldRevalidate() {
  return false;
}

// Pages set their own title through pageMeta(); error pages render theirs in the boundary.
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: appCss, precedence: 'default' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export const meta: Route.MetaFunction = ({ error }) =>
  error ? [] : [{ title: DEFAULT_TITLE }, { name: 'description', content: DEFAULT_DESCRIPTION }];

export function Layout({ children }: { children: ReactNode }) {
  const root = useRootData();
  const nonce = root?.nonce || undefined;
  // Before any part of the page writes a time (idempotent): see domain/time-zones.ts.
  if (root?.zoneOffsets) registerZoneOffsets(root.zoneOffsets);
  useHydratedMark();
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="color-scheme" content="light dark" />
        {/* Runs before first paint so the chosen colour mode never flashes; allowed by its CSP hash. */}
        <script dangerouslySetInnerHTML={{ __html: COLOUR_MODE_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollManager />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const root = useRootData();
  const gtmId = root?.site.analyticsGtmId ?? null;
  useEffect(() => {
    // Only sites that configure a tag manager load its code (app/lib/site/analytics.ts).
    if (gtmId) void import('./lib/site/analytics.ts').then(({ scheduleTagManager }) => scheduleTagManager(gtmId));
  }, [gtmId]);
  // Every page follows a "system" colour mode live (and choices made in other tabs), including
  // pages without the colour-mode switch such as the CMS.
  useEffect(() => subscribeColourMode(() => {}), []);
  useFavouritesSync(useSignedInUser()?.id ?? null);
  return (
    <>
      <ProgressBar />
      <OfflineBanner />
      <Outlet />
      {/* Goals and red cards of live updates, for screen readers (issue #5). */}
      <LiveAnnouncer />
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
