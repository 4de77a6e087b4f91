// The CMS layout: the staff area, deliberately plain and apart from the public
// site, with the sections this staff member's scopes open (issue #20). The
// sections only mirror the server's checks: each screen checks its own scope.
import { Form, Outlet, useLoaderData } from 'react-router';
import { AppLink, AppNavLink } from '../components/app-link.tsx';
import { CMS_SECTIONS } from '../../domain/cms-sections.ts';
import { RouteErrorBoundary } from '../features/site-frame/error-page.tsx';
import { getCurrentUser } from '../lib/auth/current-user.server.ts';
import { useSite } from '../lib/site/site.ts';
import { ROLE_LABELS } from '../../domain/account-contracts.ts';
import { hasScope, isStaff } from '../../domain/staff-access.ts';
import type { Route } from './+types/cms';

export async function loader({ context }: Route.LoaderArgs) {
  const user = await getCurrentUser(context);
  if (!user || !isStaff(user.scopes)) return { staff: null };
  return {
    staff: {
      name: user.displayName,
      role: ROLE_LABELS[user.role],
      sections: CMS_SECTIONS.filter((section) => section.scope === null || hasScope(user.scopes, section.scope)),
    },
  };
}

export default function CmsLayout() {
  const site = useSite();
  const { staff } = useLoaderData<typeof loader>();
  return (
    <div className="flex min-h-screen flex-col bg-slate-100 dark:bg-slate-950">
      <header className="border-b border-slate-300 bg-slate-900 text-white dark:border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
          <p className="font-semibold">{site?.siteName ?? 'Scoreline'} CMS</p>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 whitespace-nowrap text-sm">
            {staff ? (
              <>
                <span>
                  {staff.name}, <span className="text-slate-300">{staff.role}</span>
                </span>
                <Form method="post" action="/account">
                  <input type="hidden" name="intent" value="logout" />
                  <button type="submit" className="underline underline-offset-2">
                    Sign out
                  </button>
                </Form>
              </>
            ) : null}
            <AppLink to="/" className="underline underline-offset-2">
              Back to the site
            </AppLink>
          </div>
        </div>
      </header>
      <div
        className={`mx-auto w-full max-w-6xl flex-1 px-4 py-6 ${staff ? 'md:grid md:grid-cols-[11rem_1fr] md:gap-8' : ''}`}
      >
        {staff ? (
          <nav aria-label="CMS sections" className="mb-6 md:mb-0">
            <ul className="flex gap-1 overflow-x-auto text-sm md:flex-col">
              {staff.sections.map((section) => (
                <li key={section.to}>
                  <AppNavLink
                    to={section.to}
                    end
                    className={({ isActive }) =>
                      `block whitespace-nowrap rounded px-3 py-2 ${isActive ? 'bg-slate-900 font-semibold text-white dark:bg-slate-700' : 'hover:bg-slate-200 dark:hover:bg-slate-800'}`
                    }
                  >
                    {section.label}
                  </AppNavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <main id="main" className="min-w-0">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary focused />;
}
