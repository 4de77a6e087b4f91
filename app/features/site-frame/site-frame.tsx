// The frame every page sits in (shared by the layouts): the header, breadcrumbs, main area, footer and the
// phone's extras, and the error page drawn inside it. A feature rather than a component (issue #18): the
// header brings in the search, the live-delay badge, the menu dialog and the account popups, and
// app/components import no features.
import type { ReactNode } from 'react';
import { useRootData } from '../../lib/site/site.ts';
import type { Announcement } from '../../../server/modules/site/settings.schemas.ts';
import { Breadcrumbs } from '../../components/breadcrumbs.tsx';
import { useListLinkArea } from '../../components/list-link.tsx';
import { deferred } from '../../lib/loading/deferred.tsx';
import type { SiteFooterProps } from '../../components/site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

// Rendered by the server; their code loads after the page's (app/lib/loading/deferred.tsx, issue #5's first-load
// budget): the footer, below the fold on every page, and the phone's bottom bar and floating button, whose
// links work as plain links until then.
const SiteFooter = deferred<SiteFooterProps>(async () => (await import('../../components/site-footer.tsx')).SiteFooter);
const FloatingButton = deferred<Record<string, never>>(
  async () => (await import('../../components/floating-button.tsx')).FloatingButton,
);
const BottomNav = deferred<Record<string, never>>(
  async () => (await import('../../components/bottom-nav.tsx')).BottomNav,
);
// The CMS's announcement banner (issue #20), when one runs: its text and link come with the page.
const AnnouncementBanner = deferred<Announcement>(
  async () => (await import('../../components/announcement-banner.tsx')).AnnouncementBanner,
);

export interface SiteFrameProps {
  children: ReactNode;
  breadcrumbs?: boolean;
  /** Narrow, focused pages (sign-in) hide the bottom bar and floating button. */
  focused?: boolean;
}

/** Header, breadcrumbs, main area, footer and the mobile extras, shared by the layouts. */
export function SiteFrame({ children, breadcrumbs = true, focused = false }: SiteFrameProps) {
  const root = useRootData();
  const site = root?.site;
  const announcement = root?.announcement;
  const siteName = site?.siteName ?? 'Scoreline';
  // Client-side navigation and intent prefetch for every list link (match rows) on the page.
  const listLinks = useListLinkArea();
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader siteName={siteName} />
      {announcement ? <AnnouncementBanner text={announcement.text} link={announcement.link} /> : null}
      {breadcrumbs ? <Breadcrumbs /> : null}
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 focus:outline-none lg:pr-fab-lane"
        {...listLinks.handlers}
      >
        {children}
        {listLinks.prefetch}
      </main>
      {site ? <SiteFooter site={site} /> : null}
      {focused ? null : (
        <>
          <FloatingButton />
          <BottomNav />
        </>
      )}
    </div>
  );
}
