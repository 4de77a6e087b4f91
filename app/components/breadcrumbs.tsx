import { useMatches } from 'react-router';
import { breadcrumbLabel } from '../lib/routing/route-handle.ts';
import { AppLink } from './app-link.tsx';

/** Home › each matched route that declares a breadcrumb; the last one is the current page. */
export function Breadcrumbs() {
  const matches = useMatches();
  const crumbs = matches
    .map((match) => ({ label: breadcrumbLabel(match.handle, match.loaderData), to: match.pathname }))
    .filter((crumb): crumb is { label: string; to: string } => Boolean(crumb.label));
  if (crumbs.length === 0) return null;
  return (
    <nav
      aria-label="Breadcrumb"
      className="mx-auto max-w-6xl px-4 pt-4 text-sm lg:pr-fab-lane text-slate-600 dark:text-slate-400"
    >
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <AppLink to="/" className="hover:underline">
            Home
          </AppLink>
        </li>
        {crumbs.map((crumb, index) => (
          <li key={crumb.to + index} className="flex items-center gap-1">
            <span aria-hidden="true">›</span>
            {index === crumbs.length - 1 ? (
              <span aria-current="page" className="text-slate-900 dark:text-slate-100">
                {crumb.label}
              </span>
            ) : (
              <AppLink to={crumb.to} className="hover:underline">
                {crumb.label}
              </AppLink>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
