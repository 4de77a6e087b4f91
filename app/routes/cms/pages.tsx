// /cms/pages (issue #20): the pages staff write, served at /{address}: drafts,
// scheduled and published, most recently changed first, filtered by status on
// the server. Editors and administrators (scope cms:pages).
import { AppLink } from '../../components/app-link.tsx';
import { PageStatusText } from '../../features/cms-pages/page-status.tsx';
import { formatDateTime } from '../../features/cms/cms-format.ts';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import type { PageStatus } from '../../../server/modules/site/pages.schemas.ts';
import type { Route } from './+types/pages';
import { getServices } from '../../../server/router-context.server.ts';

const FILTERS: ReadonlyArray<{ status: PageStatus | null; label: string }> = [
  { status: null, label: 'All' },
  { status: 'draft', label: 'Drafts' },
  { status: 'scheduled', label: 'Scheduled' },
  { status: 'published', label: 'Published' },
];

function statusParam(value: string | null): PageStatus | undefined {
  return value === 'draft' || value === 'scheduled' || value === 'published' ? value : undefined;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:pages');
  const status = statusParam(new URL(request.url).searchParams.get('status'));
  const { pages } = await getServices(context).cms.pages.list(status);
  return { pages, status: status ?? null };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Pages', noIndex: true });

export default function CmsPages({ loaderData }: Route.ComponentProps) {
  const { pages, status } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Pages</h1>
        <AppLink
          to="/cms/pages/new"
          className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        >
          New page
        </AppLink>
      </div>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Pages written here are served at their address, like /club-rules, and with /en in front.
      </p>

      <nav aria-label="Filter pages by status" className="mt-4">
        <ul className="flex flex-wrap gap-1 text-sm">
          {FILTERS.map((filter) => (
            <li key={filter.label}>
              <AppLink
                to={filter.status ? `/cms/pages?status=${filter.status}` : '/cms/pages'}
                aria-current={filter.status === status ? 'page' : undefined}
                className={`block rounded px-3 py-1.5 ${filter.status === status ? 'bg-slate-900 font-semibold text-white dark:bg-slate-700' : 'hover:bg-slate-200 dark:hover:bg-slate-800'}`}
              >
                {filter.label}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>

      {pages.length === 0 ? (
        <p className="mt-6">{status ? 'No pages with this status.' : 'No pages yet. Write the first one.'}</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-xl border border-slate-300 bg-white dark:border-slate-800 dark:bg-slate-900">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Pages{status ? `, ${status}` : ''}, most recently changed first</caption>
            <thead className="border-b border-slate-300 dark:border-slate-700">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Title
                </th>
                <th scope="col" className="px-4 py-2">
                  Address
                </th>
                <th scope="col" className="px-4 py-2">
                  Status
                </th>
                <th scope="col" className="px-4 py-2">
                  Changed
                </th>
              </tr>
            </thead>
            <tbody>
              {pages.map((page) => (
                <tr
                  key={page.id}
                  className="border-b border-slate-200 last:border-0 dark:border-slate-800"
                  data-testid="page-row"
                >
                  <td className="px-4 py-2">
                    <AppLink
                      to={`/cms/pages/${page.id}`}
                      className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100"
                    >
                      {page.title}
                    </AppLink>
                  </td>
                  <td className="px-4 py-2 font-mono">/{page.slug}</td>
                  <td className="px-4 py-2">
                    <PageStatusText status={page.status} publishAt={page.publishAt} />
                  </td>
                  <td className="whitespace-nowrap px-4 py-2">
                    <time dateTime={page.updatedAt}>{formatDateTime(page.updatedAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
