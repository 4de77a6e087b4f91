// /cms/messages (issue #20): the contact form's inbox, newest first — all, unread,
// open or handled — fifty at a time, paged on the server. Moderators and
// administrators (scope cms:messages). Opening a message marks it read, so the
// links here are not prefetched: hovering is not reading.
import { AppLink } from '../../components/app-link.tsx';
import { formatDateTime } from '../../features/cms/cms-format.ts';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import { contactTopicLabels } from '../../../domain/contact-contracts.ts';
import type { Route } from './+types/messages';
import { getServices } from '../../../server/router-context.server.ts';

const FILTERS = [
  { status: null, label: 'All' },
  { status: 'unread', label: 'Unread' },
  { status: 'open', label: 'Open' },
  { status: 'handled', label: 'Handled' },
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:messages');
  const url = new URL(request.url);
  const params = Object.fromEntries([...url.searchParams].filter(([name, value]) => value !== '' && name !== 'done'));
  const { page, query, invalid } = await getServices(context).cms.messages.listFromParams(params);
  return {
    page,
    status: query.status ?? null,
    paged: query.cursor !== undefined,
    done: url.searchParams.get('done') === 'unread' ? 'Marked unread.' : null,
    error: invalid ? 'That filter could not be read, so every message is shown.' : null,
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Messages', noIndex: true });

function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}

export default function CmsMessages({ loaderData }: Route.ComponentProps) {
  const { page, status, paged, done, error } = loaderData;
  const here = status ? `/cms/messages?status=${status}` : '/cms/messages';
  const older = new URLSearchParams(status ? { status } : {});
  if (page.nextCursor !== null) older.set('cursor', String(page.nextCursor));
  return (
    <>
      <h1 className="text-2xl font-bold">Messages</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        What visitors wrote through the contact page, newest first.
      </p>
      {done ? (
        <p
          role="status"
          className="mt-4 rounded-md bg-brand-50 p-3 text-sm text-brand-900 dark:bg-slate-800 dark:text-brand-100"
        >
          {done}
        </p>
      ) : null}
      {error ? (
        <p
          role="alert"
          className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {error}
        </p>
      ) : null}

      <nav aria-label="Filter messages" className="mt-4">
        <ul className="flex flex-wrap gap-1 text-sm">
          {FILTERS.map((filter) => (
            <li key={filter.label}>
              <AppLink
                to={filter.status ? `/cms/messages?status=${filter.status}` : '/cms/messages'}
                aria-current={filter.status === status ? 'page' : undefined}
                className={`block rounded px-3 py-1.5 ${filter.status === status ? 'bg-slate-900 font-semibold text-white dark:bg-slate-700' : 'hover:bg-slate-200 dark:hover:bg-slate-800'}`}
              >
                {filter.label}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>

      {page.messages.length === 0 ? (
        <p className="mt-6 text-slate-700 dark:text-slate-300">{paged ? 'No older messages.' : 'No messages here.'}</p>
      ) : (
        <ul className="mt-4 space-y-2" aria-label="Messages">
          {page.messages.map((message) => (
            <li
              key={message.id}
              data-testid="message-row"
              className={`rounded-xl border bg-white p-4 dark:bg-slate-900 ${message.readAt ? 'border-slate-300 dark:border-slate-800' : 'border-brand-600 dark:border-brand-100'}`}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <AppLink
                  to={`/cms/messages/${message.id}`}
                  prefetch="none"
                  className={`break-all underline underline-offset-2 ${message.readAt ? '' : 'font-bold'}`}
                >
                  {message.readAt ? null : <span className="sr-only">Unread: </span>}
                  {message.name} &lt;{message.email}&gt;
                </AppLink>
                <time dateTime={message.createdAt} className="text-sm text-slate-600 dark:text-slate-400">
                  {formatDateTime(message.createdAt)}
                </time>
              </div>
              <p className="mt-1 text-sm">
                <span className="font-medium">{contactTopicLabels[message.topic]}</span>
                {' · '}
                {message.handledAt ? 'Handled' : message.readAt ? 'Open' : <strong>Unread</strong>}
                {message.replies > 0 ? ` · ${message.replies === 1 ? '1 reply' : `${message.replies} replies`}` : ''}
              </p>
              <p className="mt-1 break-words text-sm text-slate-700 dark:text-slate-300">{excerpt(message.message)}</p>
            </li>
          ))}
        </ul>
      )}
      {paged || page.nextCursor !== null ? (
        <nav aria-label="More messages" className="mt-4 flex flex-wrap gap-4">
          {paged ? (
            <AppLink to={here} className="font-semibold underline underline-offset-2">
              Newest
            </AppLink>
          ) : null}
          {page.nextCursor !== null ? (
            <AppLink to={`/cms/messages?${older.toString()}`} className="font-semibold underline underline-offset-2">
              Older messages
            </AppLink>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
