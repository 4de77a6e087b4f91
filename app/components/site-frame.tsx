import type { ReactNode } from 'react';
import { useSite } from '../lib/site.ts';
import { BottomNav } from './bottom-nav.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { FloatingButton } from './floating-button.tsx';
import { deferred } from '../lib/deferred.tsx';
import type { SiteFooterProps } from './site-footer.tsx';

// Below the fold on every page: rendered by the server, its code loads after the page's (app/lib/deferred.tsx).
const SiteFooter = deferred<SiteFooterProps>(async () => (await import('./site-footer.tsx')).SiteFooter);
import { SiteHeader } from './site-header.tsx';

export interface SiteFrameProps {
  children: ReactNode;
  breadcrumbs?: boolean;
  /** Narrow, focused pages (sign-in) hide the bottom bar and floating button. */
  focused?: boolean;
}

/** Header, breadcrumbs, main area, footer and the mobile extras, shared by the layouts. */
export function SiteFrame({ children, breadcrumbs = true, focused = false }: SiteFrameProps) {
  const site = useSite();
  const siteName = site?.siteName ?? 'Scoreline';
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader siteName={siteName} />
      {breadcrumbs ? <Breadcrumbs /> : null}
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 focus:outline-none">
        {children}
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
