import { Suspense, useState } from 'react';
import { lazyWithReload } from '../lib/chunk-reload.ts';
import { MAIN_NAVIGATION } from '../lib/navigation.ts';
import { AppLink, AppNavLink } from './app-link.tsx';
import { ColourModeSwitch } from './colour-mode-switch.tsx';
import { ErrorBoundaryLite } from './error-boundary-lite.tsx';

// The menu dialog is code-split: most visitors never open it.
const SiteMenuDialog = lazyWithReload(() => import('../features/site-menu/site-menu-dialog.tsx'));

export function SiteHeader({ siteName }: { siteName: string }) {
  const [menuOpen, setMenuOpen] = useState(false);
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
          <span aria-hidden="true" className="grid size-7 place-items-center rounded-full bg-brand-600 text-sm text-white">
            {siteName.charAt(0)}
          </span>
          <span className="max-sm:sr-only">{siteName}</span>
        </AppLink>
        <nav aria-label="Main" className="hidden flex-1 lg:block">
          <ul className="flex flex-wrap items-center gap-1 text-sm">
            {MAIN_NAVIGATION.map((item) => (
              <li key={item.to}>
                <AppNavLink
                  to={item.to}
                  end={item.to === '/'}
                  className={({ isActive }) =>
                    `rounded px-2 py-1.5 hover:bg-slate-100 dark:hover:bg-slate-800 ${isActive ? 'font-semibold text-brand-700 dark:text-brand-100' : ''}`
                  }
                >
                  {item.label}
                </AppNavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <ColourModeSwitch />
          <AppLink
            to="/login"
            className="whitespace-nowrap rounded-full bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 max-sm:hidden"
          >
            Sign in
          </AppLink>
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
