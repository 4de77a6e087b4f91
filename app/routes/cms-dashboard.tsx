// The CMS dashboard frame (issue #6): who is signed in and with which role.
// The CMS's own sections come later.
import { Form, useNavigation } from 'react-router';
import { AppLink } from '../components/app-link.tsx';
import { getCurrentUser } from '../lib/auth/current-user.server.ts';
import { hasScope } from '../../domain/staff-access.ts';
import { namedMiddleware } from '../lib/auth/route-middleware.server.ts';
import { pageMeta } from '../lib/seo/seo.ts';
import { ROLE_LABELS } from '../../domain/account-contracts.ts';
import type { Route } from './+types/cms-dashboard';

// Signed-out visitors go to /cms/login; members get a 403.
export const middleware: Route.MiddlewareFunction[] = namedMiddleware('staff');

export async function loader({ context }: Route.LoaderArgs) {
  const user = await getCurrentUser(context);
  if (!user) throw new Response(null, { status: 401 });
  return {
    name: user.displayName,
    role: ROLE_LABELS[user.role],
    scopes: user.scopes,
    canReadOutbox: hasScope(user.scopes, 'cms:users'),
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'CMS dashboard', noIndex: true });

export default function CmsDashboard({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Dashboard</h1>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            Signed in as <strong>{loaderData.name}</strong>, <span>{loaderData.role}</span>.
          </p>
        </div>
        <Form method="post" action="/account">
          <input type="hidden" name="intent" value="logout" />
          <button
            type="submit"
            disabled={navigation.state === 'submitting'}
            className="rounded-md border border-slate-400 px-3 py-1.5 text-sm font-semibold hover:bg-slate-200 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            Sign out
          </button>
        </Form>
      </div>
      <section
        aria-labelledby="cms-sections"
        className="mt-8 rounded-xl border border-slate-300 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="cms-sections" className="text-lg font-semibold">
          Sections
        </h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Hot matches, highlights, movies, plans, users and settings will appear here.
        </p>
        {loaderData.canReadOutbox ? (
          <p className="mt-2">
            <AppLink to="/cms/outbox" className="font-semibold underline underline-offset-2">
              Outbox
            </AppLink>{' '}
            — account mail not sent by SMTP.
          </p>
        ) : null}
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Your access: {loaderData.scopes.join(', ')}</p>
      </section>
    </>
  );
}
