// /cms/audit (issue #20): every staff write — who, role, what, target, the fields
// before and after, when, from where — newest first, filtered by staff member,
// kind and date, paged by cursor on the server. Read-only: nobody can edit it.
import { Form, useNavigation } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { inputClass } from '../../features/auth-forms/form-parts.tsx';
import { formatDateTime } from '../../features/cms/cms-format.ts';
import { quietButtonClass } from '../../features/cms/confirm-dialog.tsx';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import type { Route } from './+types/audit';
import { getServices } from '../../../server/router-context.server.ts';

/** The kinds of staff writes, for the filter (an action's part before the dot). */
const KINDS = [
  { value: 'staff', label: 'Staff' },
  { value: 'page', label: 'Pages' },
  { value: 'hot-match', label: 'Hot matches' },
  { value: 'match', label: 'Match corrections' },
  { value: 'user', label: 'Users' },
  { value: 'message', label: 'Messages' },
  { value: 'settings', label: 'Settings' },
  { value: 'chat', label: 'Chat' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:audit');
  const { cms } = getServices(context);
  const params = Object.fromEntries([...new URL(request.url).searchParams].filter(([, value]) => value !== ''));
  const [{ page, invalid }, staff] = await Promise.all([cms.audit.listFromParams(params), cms.staff.list()]);
  return {
    page,
    staff: staff.staff.map((member) => ({ id: member.id, name: member.displayName })),
    filters: { actor: params.actor ?? '', kind: params.kind ?? '', from: params.from ?? '', to: params.to ?? '' },
    error: !invalid ? null : 'That filter could not be read, so the whole log is shown. Dates are written 2026-11-27.',
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Audit log', noIndex: true });

function Values({ values }: { values: Record<string, unknown> }) {
  const entries = Object.entries(values);
  if (entries.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <dl className="space-y-0.5">
      {entries.map(([key, value]) => (
        <div key={key} className="flex gap-1">
          <dt className="font-medium">{key}:</dt>
          <dd className="break-all">{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function CmsAudit({ loaderData }: Route.ComponentProps) {
  const { page, staff, filters, error } = loaderData;
  const navigation = useNavigation();
  const older = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ''));
  if (page.nextCursor !== null) older.set('cursor', String(page.nextCursor));
  return (
    <>
      <h1 className="text-2xl font-bold">Audit log</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">Every change made by staff, newest first. Entries cannot be edited or deleted.</p>
      <Form method="get" className="mt-4 grid gap-3 rounded-xl border border-slate-300 bg-white p-4 sm:grid-cols-5 sm:items-end dark:border-slate-800 dark:bg-slate-900">
        <label className="text-sm font-medium">
          Staff member
          <select name="actor" defaultValue={filters.actor} className={inputClass}>
            <option value="">Anyone</option>
            {staff.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          Kind
          <select name="kind" defaultValue={filters.kind} className={inputClass}>
            <option value="">Any</option>
            {KINDS.map((kind) => (
              <option key={kind.value} value={kind.value}>
                {kind.label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          From
          <input type="date" name="from" defaultValue={filters.from} className={inputClass} />
        </label>
        <label className="text-sm font-medium">
          To
          <input type="date" name="to" defaultValue={filters.to} className={inputClass} />
        </label>
        <button type="submit" className={`${quietButtonClass} h-10`} disabled={navigation.state === 'loading'}>
          Filter
        </button>
      </Form>
      {error ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100">
          {error}
        </p>
      ) : null}
      {page.entries.length === 0 ? (
        <p className="mt-6 text-slate-700 dark:text-slate-300">No staff changes match.</p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-xl border border-slate-300 bg-white dark:border-slate-800 dark:bg-slate-900" tabIndex={0} role="region" aria-label="Audit entries">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <thead className="border-b border-slate-300 dark:border-slate-700">
              <tr>
                <th scope="col" className="p-2">When</th>
                <th scope="col" className="p-2">Who</th>
                <th scope="col" className="p-2">What</th>
                <th scope="col" className="p-2">Target</th>
                <th scope="col" className="p-2">Before</th>
                <th scope="col" className="p-2">After</th>
                <th scope="col" className="p-2">Address</th>
              </tr>
            </thead>
            <tbody>
              {page.entries.map((entry) => (
                <tr key={entry.id} className="border-b border-slate-200 align-top last:border-0 dark:border-slate-800" data-testid="audit-entry">
                  <td className="whitespace-nowrap p-2">
                    <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                  </td>
                  <td className="p-2">
                    {entry.actor.displayName ?? `Erased account #${entry.actor.id}`}
                    <span className="block text-slate-600 dark:text-slate-400">{entry.actor.role}</span>
                  </td>
                  <td className="p-2 font-mono">{entry.action}</td>
                  <td className="p-2">
                    {entry.target.kind} {entry.target.id}
                  </td>
                  <td className="p-2">
                    <Values values={entry.changes.before} />
                  </td>
                  <td className="p-2">
                    <Values values={entry.changes.after} />
                  </td>
                  <td className="p-2 font-mono">{entry.ip}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page.nextCursor !== null ? (
        <p className="mt-4">
          <AppLink to={`/cms/audit?${older.toString()}`} className="font-semibold underline underline-offset-2">
            Older entries
          </AppLink>
        </p>
      ) : null}
    </>
  );
}
