// /cms/chat/sanctions (issue #23, scope cms:chat): timeouts and bans, newest first — those in force now, or
// all of them — each with its user, where it applies (one room or all chat), reason and end. Lift one to
// let the user post again before its end; chat audits it.
import { Form, useActionData, useNavigation } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { chatModerationAction } from '../../features/cms/chat-moderation.server.ts';
import {
  ChatActionAnswer,
  ChatModerationNav,
  RoomName,
  type ChatActionResult,
} from '../../features/cms/chat-moderation.tsx';
import { formatDateTime } from '../../features/cms/cms-format.ts';
import { quietButtonClass } from '../../features/cms/confirm-dialog.tsx';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import type { Route } from './+types/chat-sanctions';
import { getServices } from '../../../server/router-context.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:chat');
  const params = Object.fromEntries([...new URL(request.url).searchParams].filter(([, value]) => value !== ''));
  const { sanctions, active, invalid } = await getServices(context).cms.chat.sanctions(params);
  return {
    sanctions,
    active,
    error: invalid ? 'That filter could not be read, so the timeouts and bans in force are shown.' : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return chatModerationAction(request, context, ['lift']);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Chat timeouts and bans', noIndex: true });

export default function CmsChatSanctions({ loaderData }: Route.ComponentProps) {
  const { sanctions, active, error } = loaderData;
  const result = useActionData<ChatActionResult>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <>
      <h1 className="text-2xl font-bold">Chat moderation</h1>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
        Timeouts and bans, newest first. A sanctioned user can read but not post, and is told the reason and the time
        left. Times are UTC.
      </p>
      <ChatModerationNav current="/cms/chat/sanctions" />
      <ChatActionAnswer result={result} />
      {error ? (
        <p
          role="alert"
          className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {error}
        </p>
      ) : null}
      <nav aria-label="Filter timeouts and bans" className="mt-4">
        <ul className="flex flex-wrap gap-1 text-sm">
          {[
            { to: '/cms/chat/sanctions', label: 'In force', current: active },
            { to: '/cms/chat/sanctions?active=0', label: 'All, lifted and ended too', current: !active },
          ].map((filter) => (
            <li key={filter.to}>
              <AppLink
                to={filter.to}
                aria-current={filter.current ? 'page' : undefined}
                className={`block rounded px-3 py-1.5 ${filter.current ? 'bg-slate-900 font-semibold text-white dark:bg-slate-700' : 'hover:bg-slate-200 dark:hover:bg-slate-800'}`}
              >
                {filter.label}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <h2 className="mt-6 text-lg font-semibold">
        {active ? 'In force' : 'All'} ({sanctions.length})
      </h2>
      {sanctions.length === 0 ? (
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {active ? 'Nobody is timed out or banned.' : 'No timeouts or bans yet.'}
        </p>
      ) : (
        <ul className="mt-3 space-y-3" aria-label="Timeouts and bans">
          {sanctions.map((sanction) => {
            const failed = result && !result.ok && result.target === String(sanction.id) ? result : undefined;
            return (
              <li
                key={sanction.id}
                data-testid="chat-sanction"
                data-sanction-id={sanction.id}
                className="rounded-xl border border-slate-300 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p>
                    <strong>{sanction.kind === 'ban' ? 'Ban' : 'Timeout'}</strong>:{' '}
                    <AppLink to={`/cms/users/${sanction.user.id}`} className="underline underline-offset-2">
                      {sanction.user.displayName ?? `User ${sanction.user.id}`}
                    </AppLink>{' '}
                    {sanction.matchId === null ? 'from all chat' : 'in one room'}
                  </p>
                  <p className="text-sm font-medium">
                    {sanction.liftedAt
                      ? `Lifted ${formatDateTime(sanction.liftedAt)}`
                      : sanction.active
                        ? sanction.until
                          ? `Until ${formatDateTime(sanction.until)}`
                          : 'Until lifted'
                        : `Ended ${sanction.until ? formatDateTime(sanction.until) : ''}`}
                  </p>
                </div>
                {sanction.matchId !== null ? (
                  <p className="mt-1 text-sm">
                    <RoomName matchId={sanction.matchId} match={sanction.match} />
                  </p>
                ) : null}
                <p className="mt-1 break-words text-sm text-slate-700 dark:text-slate-300">
                  Reason: {sanction.reason} · since {formatDateTime(sanction.createdAt)} · by{' '}
                  {sanction.createdByName ?? `staff member ${sanction.createdBy}`}
                </p>
                {failed ? (
                  <p
                    role="alert"
                    className="mt-2 rounded-md bg-red-50 p-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-100"
                  >
                    {failed.message}
                  </p>
                ) : null}
                {sanction.active ? (
                  <Form method="post" className="mt-3">
                    <input type="hidden" name="intent" value="lift" />
                    <input type="hidden" name="sanctionId" value={sanction.id} />
                    <input type="hidden" name="target" value={sanction.id} />
                    <button type="submit" disabled={busy} className={quietButtonClass}>
                      Lift {sanction.kind === 'ban' ? 'ban' : 'timeout'}
                    </button>
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
