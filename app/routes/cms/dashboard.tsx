// /cms (issue #20): the staff's first look — matches live now and today, new
// sign-ups and outbox mail this week, unread contact messages, the latest staff
// changes — and the sections this account may open. Any staff role may see it.
import { AppLink } from '../../components/app-link.tsx';
import { CMS_SECTIONS } from '../../../domain/cms-sections.ts';
import { formatDateTime } from '../../features/cms/cms-format.ts';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { namedMiddleware } from '../../lib/auth/route-middleware.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import { ROLE_LABELS } from '../../../domain/account-contracts.ts';
import { hasScope } from '../../../domain/staff-access.ts';
import type { Route } from './+types/dashboard';
import { getServices } from '../../../server/router-context.server.ts';

// Signed-out visitors go to /cms/login; members get a 403.
export const middleware: Route.MiddlewareFunction[] = namedMiddleware('staff');

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireStaff(request, context, null);
  const withAudit = hasScope(user.scopes, 'cms:audit');
  return {
    name: user.displayName,
    role: ROLE_LABELS[user.role],
    scopes: user.scopes,
    summary: await getServices(context).cms.dashboard.summary({ withAudit }),
    sections: CMS_SECTIONS.filter((section) => section.scope !== null && hasScope(user.scopes, section.scope)),
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'CMS dashboard', noIndex: true });

function Figure({ label, value, to }: { label: string; value: number; to?: string }) {
  const body = (
    <>
      <span className="block text-3xl font-bold tabular-nums">{value}</span>
      <span className="text-sm text-slate-700 dark:text-slate-300">{label}</span>
    </>
  );
  return (
    <li className="rounded-xl border border-slate-300 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      {to ? (
        <AppLink to={to} className="block hover:underline">
          {body}
        </AppLink>
      ) : (
        body
      )}
    </li>
  );
}

export default function CmsDashboard({ loaderData }: Route.ComponentProps) {
  const { summary } = loaderData;
  return (
    <>
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Signed in as <strong>{loaderData.name}</strong>, <span>{loaderData.role}</span>.
      </p>
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="At a glance">
        <Figure label="Live now" value={summary.liveNow} to="/live-sports" />
        <Figure label="Matches today (UTC)" value={summary.matchesToday} to="/" />
        <Figure
          label="New sign-ups, 7 days"
          value={summary.signUpsThisWeek}
          {...(hasScope(loaderData.scopes, 'cms:users') ? { to: '/cms/users' } : {})}
        />
        <Figure
          label="Unread contact messages"
          value={summary.unreadMessages}
          {...(hasScope(loaderData.scopes, 'cms:messages') ? { to: '/cms/messages?status=unread' } : {})}
        />
        <Figure
          label="Mails in the outbox, 7 days"
          value={summary.outboxThisWeek}
          {...(hasScope(loaderData.scopes, 'cms:settings') ? { to: '/cms/outbox' } : {})}
        />
      </ul>
      {summary.recentChanges ? (
        <section aria-labelledby="recent-heading" className="mt-8">
          <h2 id="recent-heading" className="text-lg font-semibold">
            Recent staff changes
          </h2>
          {summary.recentChanges.length === 0 ? (
            <p className="mt-2 text-slate-700 dark:text-slate-300">None yet.</p>
          ) : (
            <ul className="mt-2 space-y-1 text-sm">
              {summary.recentChanges.map((entry) => (
                <li key={entry.id}>
                  <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time> —{' '}
                  {entry.actor.displayName ?? `#${entry.actor.id}`}: <span className="font-mono">{entry.action}</span>{' '}
                  on {entry.target.kind} {entry.target.id}
                </li>
              ))}
            </ul>
          )}
          <p className="mt-2">
            <AppLink to="/cms/audit" className="font-semibold underline underline-offset-2">
              The whole audit log
            </AppLink>
          </p>
        </section>
      ) : null}
      <section aria-labelledby="cms-sections" className="mt-8">
        <h2 id="cms-sections" className="text-lg font-semibold">
          Your sections
        </h2>
        <ul className="mt-2 flex flex-wrap gap-2">
          {loaderData.sections.map((section) => (
            <li key={section.to}>
              <AppLink
                to={section.to}
                className="block rounded-md border border-slate-400 px-3 py-1.5 font-semibold hover:bg-slate-200 dark:border-slate-600 dark:hover:bg-slate-800"
              >
                {section.label}
              </AppLink>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">Your access: {loaderData.scopes.join(', ')}</p>
      </section>
    </>
  );
}
