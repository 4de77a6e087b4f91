// The user layout: the signed-in visitor's own pages, with their section menu.
import { Outlet } from 'react-router';
import { AppNavLink } from '../components/app-link.tsx';
import { RouteErrorBoundary } from '../features/site-frame/error-page.tsx';
import { SiteFrame } from '../features/site-frame/site-frame.tsx';

const ACCOUNT_SECTIONS = [{ to: '/account', label: 'Account' }];

export default function UserLayout() {
  return (
    <SiteFrame>
      <div className="grid gap-6 md:grid-cols-[12rem_1fr]">
        <nav aria-label="Your account">
          <ul className="space-y-1 text-sm">
            {ACCOUNT_SECTIONS.map((section) => (
              <li key={section.to}>
                <AppNavLink
                  to={section.to}
                  className={({ isActive }) =>
                    `block rounded px-3 py-2 ${isActive ? 'bg-brand-50 font-semibold text-brand-900 dark:bg-slate-800 dark:text-brand-100' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`
                  }
                >
                  {section.label}
                </AppNavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <Outlet />
        </div>
      </div>
    </SiteFrame>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
