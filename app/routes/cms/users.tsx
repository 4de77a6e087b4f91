// /cms/users (issue #20): every account, searched by name or address, filtered by
// role and ban, in sign-up order, fifty at a time — all of it on the server
// (keyset pages: the 5,000th page costs what the first does). Moderators and
// administrators (scope cms:users); each account opens on its own page.
import { Form, useNavigation } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { inputClass } from '../../features/auth-forms/form-parts.tsx';
import { formatDateTime } from '../../features/cms/cms-format.ts';
import { quietButtonClass } from '../../features/cms/confirm-dialog.tsx';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import { ROLE_LABELS } from '../../../domain/account-contracts.ts';
import type { Route } from './+types/users';
import { getServices } from '../../../server/router-context.server.ts';

const ROLE_FILTERS = [
  { value: '', label: 'Any role' },
  { value: 'user', label: 'Members' },
  { value: 'staff', label: 'Staff (any role)' },
  { value: 'moderator', label: 'Moderators' },
  { value: 'editor', label: 'Editors' },
  { value: 'admin', label: 'Administrators' },
];
const STATUS_FILTERS = [
  { value: '', label: 'Active or banned' },
  { value: 'active', label: 'Active' },
  { value: 'banned', label: 'Banned' },
];
const FILTER_NAMES = ['q', 'role', 'status', 'sort'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:users');
  const url = new URL(request.url);
  const params = Object.fromEntries(
    [...url.searchParams].filter(([name, value]) => value.trim() !== '' && name !== 'erased'),
  );
  const { page, invalid } = await getServices(context).cms.users.searchFromParams(params);
  const erased = Number(url.searchParams.get('erased'));
  return {
    page,
    filters: Object.fromEntries(FILTER_NAMES.map((name) => [name, params[name] ?? ''])) as Record<
      (typeof FILTER_NAMES)[number],
      string
    >,
    paged: Boolean(params.cursor),
    erased: Number.isSafeInteger(erased) && erased > 0 ? erased : null,
    error: invalid ? 'That search could not be read, so everyone is shown. Search with at most 100 characters.' : null,
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Users', noIndex: true });

export default function CmsUsers({ loaderData }: Route.ComponentProps) {
  const { page, filters, paged, erased, error } = loaderData;
  const navigation = useNavigation();
  const kept = Object.entries(filters).filter(([, value]) => value !== '');
  const next = new URLSearchParams(kept);
  if (page.nextCursor) next.set('cursor', page.nextCursor);
  const first = new URLSearchParams(kept).toString();
  return (
    <>
      <h1 className="text-2xl font-bold">Users</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Find an account by name or email address. Open it to ban or unban it, send a password-reset link or erase it.
      </p>
      {erased ? (
        <p
          role="status"
          className="mt-4 rounded-md bg-brand-50 p-3 text-sm text-brand-900 dark:bg-slate-800 dark:text-brand-100"
        >
          {`Account #${erased} was erased.`}
        </p>
      ) : null}

      <Form
        method="get"
        role="search"
        aria-label="Accounts"
        className="mt-4 grid gap-3 rounded-xl border border-slate-300 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end dark:border-slate-800 dark:bg-slate-900"
      >
        <label className="text-sm font-medium sm:col-span-2 lg:col-span-1">
          Name or email
          <input
            type="search"
            name="q"
            defaultValue={filters.q}
            maxLength={100}
            autoComplete="off"
            className={inputClass}
          />
        </label>
        <label className="text-sm font-medium">
          Role
          <select name="role" defaultValue={filters.role} className={inputClass}>
            {ROLE_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          Status
          <select name="status" defaultValue={filters.status} className={inputClass}>
            {STATUS_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          Order
          <select name="sort" defaultValue={filters.sort || 'newest'} className={inputClass}>
            <option value="newest">Newest sign-ups first</option>
            <option value="oldest">Oldest sign-ups first</option>
          </select>
        </label>
        <button type="submit" className={`${quietButtonClass} h-10`} disabled={navigation.state === 'loading'}>
          Search
        </button>
      </Form>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        With an @, addresses that start with what you type; without, also names that contain it.
      </p>
      {error ? (
        <p
          role="alert"
          className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {error}
        </p>
      ) : null}

      {page.users.length === 0 ? (
        <p className="mt-6 text-slate-700 dark:text-slate-300">
          {paged ? 'No more accounts match.' : 'No account matches.'}
        </p>
      ) : (
        <div
          className="mt-6 overflow-x-auto rounded-xl border border-slate-300 bg-white dark:border-slate-800 dark:bg-slate-900"
          tabIndex={0}
          role="region"
          aria-label="Accounts found"
        >
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-300 dark:border-slate-700">
              <tr>
                <th scope="col" className="p-2">
                  Account
                </th>
                <th scope="col" className="p-2">
                  Role
                </th>
                <th scope="col" className="hidden p-2 sm:table-cell">
                  Signed up
                </th>
                <th scope="col" className="hidden p-2 md:table-cell">
                  Last sign-in
                </th>
                <th scope="col" className="p-2">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {page.users.map((user) => (
                <tr
                  key={user.id}
                  className="border-b border-slate-200 align-top last:border-0 dark:border-slate-800"
                  data-testid="user-row"
                >
                  <td className="p-2">
                    <AppLink to={`/cms/users/${user.id}`} className="font-semibold underline underline-offset-2">
                      {user.displayName}
                    </AppLink>
                    <span className="block break-all text-slate-600 dark:text-slate-400">{user.email}</span>
                  </td>
                  <td className="p-2">{ROLE_LABELS[user.role]}</td>
                  <td className="hidden whitespace-nowrap p-2 sm:table-cell">
                    <time dateTime={user.createdAt}>{formatDateTime(user.createdAt)}</time>
                  </td>
                  <td className="hidden whitespace-nowrap p-2 md:table-cell">
                    {user.lastSignInAt ? (
                      <time dateTime={user.lastSignInAt}>{formatDateTime(user.lastSignInAt)}</time>
                    ) : (
                      'Never'
                    )}
                  </td>
                  <td className="p-2">
                    {user.suspendedAt ? <strong className="text-red-800 dark:text-red-300">Banned</strong> : 'Active'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {paged || page.nextCursor ? (
        <nav aria-label="More accounts" className="mt-4 flex flex-wrap gap-4">
          {paged ? (
            <AppLink
              to={first ? `/cms/users?${first}` : '/cms/users'}
              className="font-semibold underline underline-offset-2"
            >
              First page
            </AppLink>
          ) : null}
          {page.nextCursor ? (
            <AppLink to={`/cms/users?${next.toString()}`} className="font-semibold underline underline-offset-2">
              Next {page.users.length}
            </AppLink>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
