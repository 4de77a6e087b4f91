import { Suspense, useState, type MouseEvent } from 'react';
import type { AuthDialogView } from '../auth-forms/auth-dialog.tsx';
import { useSignedInUser } from '../../lib/auth/auth-user.ts';
import { lazyWithReload } from '../../lib/loading/chunk-reload.ts';
import { deferred } from '../../lib/loading/deferred.tsx';
import { MAIN_NAVIGATION } from '../../lib/routing/navigation.ts';
import { AppLink, AppNavLink } from '../../components/app-link.tsx';
import { ErrorBoundaryLite } from '../../components/error-boundary-lite.tsx';
import { LiveDelayBadge } from '../preferences/live-delay-badge.tsx';
import { HeaderSearch } from '../search/header-search.tsx';
import { AccountMenu } from './account-menu.tsx';

// The colour-mode radios are rendered by the server and their code loads after the page's
// (app/lib/loading/deferred.tsx; issue #5's first-load budget); the mode itself is applied before first paint.
const ColourModeSwitch = deferred<Record<string, never>>(
  async () => (await import('../../components/colour-mode-switch.tsx')).ColourModeSwitch,
);
// The menu dialog is code-split: most visitors never open it.
const SiteMenuDialog = lazyWithReload(() => import('../site-menu/site-menu-dialog.tsx'));
// The account popups likewise (issue #6); without JavaScript the links lead to the pages.
const AuthDialog = lazyWithReload(() => import('../auth-forms/auth-dialog.tsx'));

/** A plain click opens the popup; a click meant for a new tab still follows the link. */
function opensPopup(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export function SiteHeader({ siteName }: { siteName: string }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const user = useSignedInUser();
  const [authView, setAuthView] = useState<AuthDialogView | null>(null);
  const openAuth = (view: AuthDialogView) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!opensPopup(event)) return;
    event.preventDefault();
    setAuthView(view);
  };
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900"
      >
        Skip to content
      </a>
      <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-2">
        <AppLink to="/" className="flex items-center gap-2 text-lg font-bold text-brand-700 dark:text-brand-100">
          <span
            aria-hidden="true"
            className="grid size-7 place-items-center rounded-full bg-brand-600 text-sm text-white"
          >
            {siteName.charAt(0)}
          </span>
          <span className="max-sm:sr-only">{siteName}</span>
        </AppLink>
        <nav aria-label="Main" className="hidden flex-1 lg:block">
          <ul className="flex items-center gap-0.5 whitespace-nowrap text-sm xl:gap-1">
            {MAIN_NAVIGATION.map((item) => (
              <li key={item.to}>
                <AppNavLink
                  to={item.to}
                  end={item.to === '/'}
                  // The short label is where the full one starts, so speech users can say what they see.
                  aria-label={item.short ? item.label : undefined}
                  className={({ isActive }) =>
                    `rounded px-1.5 py-1.5 hover:bg-slate-100 xl:px-2 dark:hover:bg-slate-800 ${isActive ? 'font-semibold text-brand-700 dark:text-brand-100' : ''}`
                  }
                >
                  {item.short ?? item.label}
                </AppNavLink>
              </li>
            ))}
          </ul>
        </nav>
        <HeaderSearch />
        <div className="ml-auto flex items-center gap-2">
          <LiveDelayBadge />
          <ColourModeSwitch />
          {user ? (
            <AccountMenu user={user} onChangePassword={openAuth('update-password')} />
          ) : (
            <AppLink
              to="/login"
              onClick={openAuth('login')}
              className="whitespace-nowrap rounded-full bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 max-sm:hidden"
            >
              Sign in
            </AppLink>
          )}
          <button
            type="button"
            className="rounded px-2 py-1.5 text-sm font-medium hover:bg-slate-100 lg:hidden dark:hover:bg-slate-800"
            aria-haspopup="dialog"
            onClick={() => setMenuOpen(true)}
          >
            Menu
          </button>
        </div>
      </div>
      {authView ? (
        <ErrorBoundaryLite
          fallback={
            <p role="alert" className="bg-red-50 px-4 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-100">
              The sign-in form could not be loaded. Check your connection and reload the page.
            </p>
          }
        >
          <Suspense fallback={null}>
            <AuthDialog
              view={authView}
              onViewChange={setAuthView}
              open
              onOpenChange={(open) => setAuthView(open ? authView : null)}
            />
          </Suspense>
        </ErrorBoundaryLite>
      ) : null}
      {menuOpen ? (
        <ErrorBoundaryLite
          fallback={
            <p role="alert" className="bg-red-50 px-4 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-100">
              The menu could not be loaded. Check your connection and reload the page.
            </p>
          }
        >
          <Suspense fallback={null}>
            <SiteMenuDialog open={menuOpen} onOpenChange={setMenuOpen} />
          </Suspense>
        </ErrorBoundaryLite>
      ) : null}
    </header>
  );
}
