// /cms/chat (issue #23, scope cms:chat: moderators and administrators): the moderation queue — messages
// fans reported, oldest report first, each once with its room, author, reporters and their reasons. Delete
// the message (it disappears from the match page for everyone, live), dismiss the reports (the message
// stays), time the author out for N minutes or ban them, in the message's room or from all chat. Chat
// writes every action to the audit log (/cms/audit, kind Chat).
import { useId } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { inputClass } from '../../features/auth-forms/form-parts.tsx';
import { chatModerationAction } from '../../features/cms/chat-moderation.server.ts';
import {
  ChatActionAnswer,
  ChatModerationNav,
  RoomName,
  type ChatActionResult,
} from '../../features/cms/chat-moderation.tsx';
import { formatDateTime } from '../../features/cms/cms-format.ts';
import { ConfirmAction, quietButtonClass } from '../../features/cms/confirm-dialog.tsx';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import type { ChatQueueItem } from '../../../server/modules/cms/cms-chat.service.ts';
import type { Route } from './+types/chat';
import { getServices } from '../../../server/router-context.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:chat');
  const url = new URL(request.url);
  const params = Object.fromEntries([...url.searchParams].filter(([, value]) => value !== ''));
  const { items, nextCursor, invalid } = await getServices(context).cms.chat.queue(params);
  return {
    items,
    nextCursor,
    paged: url.searchParams.has('cursor'),
    matchId: params.matchId ?? '',
    error: invalid ? 'That filter could not be read, so every open report is shown.' : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return chatModerationAction(request, context, ['delete', 'dismiss', 'timeout', 'ban']);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Chat moderation', noIndex: true });

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const selectClass = inputClass;

function WhereField({ id, defaultValue = 'room' }: { id: string; defaultValue?: string }) {
  return (
    <label htmlFor={id} className="text-sm font-medium">
      Where
      <select id={id} name="where" defaultValue={defaultValue} className={selectClass}>
        <option value="room">This room</option>
        <option value="all">All chat</option>
      </select>
    </label>
  );
}

function QueueItem({ item, result }: { item: ChatQueueItem; result: ChatActionResult | undefined }) {
  const key = useId();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const { message } = item;
  const target = String(message.id);
  const reportIds = item.reports.map((report) => report.id).join(',');
  const failed = result && !result.ok && result.target === target ? result : undefined;
  const author = message.user.displayName;
  return (
    <li
      data-testid="chat-report"
      data-message-id={message.id}
      className="rounded-xl border border-slate-300 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm">
          <RoomName matchId={message.matchId} match={item.match} />
        </p>
        <p className="rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
          {plural(item.openReports, 'report')}
        </p>
      </div>
      <blockquote className="mt-3 border-l-4 border-slate-400 pl-3 dark:border-slate-600">
        <p className="whitespace-pre-wrap break-words" data-testid="chat-report-text">
          {message.text}
        </p>
        <footer className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          by{' '}
          <AppLink to={`/cms/users/${message.user.id}`} className="underline underline-offset-2">
            {author}
          </AppLink>{' '}
          (user {message.user.id}) · <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          {message.deletedAt ? <strong className="ml-1 text-red-800 dark:text-red-300">· deleted</strong> : null}
        </footer>
      </blockquote>
      <div className="mt-3 text-sm">
        <p className="font-medium">Reported by</p>
        <ul className="mt-1 space-y-0.5">
          {item.reports.map((report) => (
            <li key={report.id}>
              {report.reporter.displayName ?? `User ${report.reporter.id}`}
              <span className="text-slate-600 dark:text-slate-400"> · {formatDateTime(report.createdAt)}</span>
              {report.reason ? <span className="break-words">: “{report.reason}”</span> : null}
            </li>
          ))}
        </ul>
        {item.openReports > item.reports.length ? (
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            and {plural(item.openReports - item.reports.length, 'more report')} on a later page.
          </p>
        ) : null}
      </div>

      {failed ? (
        <p
          role="alert"
          className="mt-3 rounded-md bg-red-50 p-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {failed.message} {Object.values(failed.fields).join(' ')}
        </p>
      ) : null}

      <div className="mt-4 flex flex-wrap items-start gap-2">
        {message.deletedAt ? null : (
          <ConfirmAction
            label="Delete message"
            title="Delete this message?"
            description={
              <p>
                It disappears from the match page for everyone at once, and its open reports are closed as acted on.
              </p>
            }
            confirmLabel="Delete message"
            fields={{ intent: 'delete', messageId: message.id, target }}
          >
            <label htmlFor={`${key}-delete-reason`} className="block text-sm font-medium">
              Note for the audit log (optional)
              <input id={`${key}-delete-reason`} name="reason" maxLength={500} className={inputClass} />
            </label>
          </ConfirmAction>
        )}
        <Form method="post">
          <input type="hidden" name="intent" value="dismiss" />
          <input type="hidden" name="reportIds" value={reportIds} />
          <input type="hidden" name="target" value={target} />
          <button type="submit" disabled={busy} className={quietButtonClass}>
            Dismiss {item.reports.length === 1 ? 'report' : 'reports'}
          </button>
        </Form>
      </div>

      <details
        className="mt-3 rounded-md border border-slate-300 p-3 dark:border-slate-700"
        open={failed !== undefined && (failed.intent === 'timeout' || failed.intent === 'ban')}
      >
        <summary className="cursor-pointer text-sm font-semibold">Time out or ban {author}</summary>
        <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-4 sm:items-end">
          <input type="hidden" name="intent" value="timeout" />
          <input type="hidden" name="userId" value={message.user.id} />
          <input type="hidden" name="matchId" value={message.matchId} />
          <input type="hidden" name="reportIds" value={reportIds} />
          <input type="hidden" name="target" value={target} />
          <label htmlFor={`${key}-minutes`} className="text-sm font-medium">
            Minutes
            <input
              id={`${key}-minutes`}
              name="minutes"
              type="number"
              min={1}
              max={10080}
              defaultValue={10}
              required
              className={inputClass}
            />
          </label>
          <WhereField id={`${key}-timeout-where`} />
          <label htmlFor={`${key}-timeout-reason`} className="text-sm font-medium">
            Reason (the user sees it)
            <input
              id={`${key}-timeout-reason`}
              name="reason"
              required
              maxLength={500}
              defaultValue="Breaking the chat rules"
              className={inputClass}
            />
          </label>
          <button type="submit" disabled={busy} className={quietButtonClass}>
            Time out
          </button>
        </Form>
        <div className="mt-3">
          <ConfirmAction
            label={`Ban ${author}`}
            title={`Ban ${author}?`}
            description={
              <p>
                They can read but not post until the ban is lifted (Timeouts and bans). The reports on this message are
                closed as acted on.
              </p>
            }
            confirmLabel="Ban"
            fields={{ intent: 'ban', userId: message.user.id, matchId: message.matchId, reportIds, target }}
          >
            <WhereField id={`${key}-ban-where`} />
            <label htmlFor={`${key}-ban-reason`} className="block text-sm font-medium">
              Reason (the user sees it)
              <input
                id={`${key}-ban-reason`}
                name="reason"
                required
                maxLength={500}
                defaultValue="Breaking the chat rules"
                className={inputClass}
              />
            </label>
          </ConfirmAction>
        </div>
      </details>
    </li>
  );
}

export default function CmsChat({ loaderData }: Route.ComponentProps) {
  const { items, nextCursor, paged, matchId, error } = loaderData;
  const result = useActionData<ChatActionResult>();
  const older = new URLSearchParams(matchId ? { matchId } : {});
  if (nextCursor !== null) older.set('cursor', String(nextCursor));
  return (
    <>
      <h1 className="text-2xl font-bold">Chat moderation</h1>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
        Messages fans reported, the longest-waiting first. Every action here is recorded in the{' '}
        <AppLink to="/cms/audit?kind=chat" className="underline underline-offset-2">
          audit log
        </AppLink>
        .
      </p>
      <ChatModerationNav current="/cms/chat" />
      <ChatActionAnswer result={result} />
      {error ? (
        <p
          role="alert"
          className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {error}
        </p>
      ) : null}
      <h2 className="mt-6 text-lg font-semibold">
        Reported messages{matchId ? ` in match ${matchId}` : ''} ({items.length}
        {nextCursor !== null ? '+' : ''})
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {paged ? 'No more reports.' : 'Nothing is waiting: no open reports.'}
        </p>
      ) : (
        <ul className="mt-3 space-y-4" aria-label="Reported messages">
          {items.map((item) => (
            <QueueItem key={item.message.id} item={item} result={result} />
          ))}
        </ul>
      )}
      {paged || nextCursor !== null ? (
        <nav aria-label="More reports" className="mt-4 flex flex-wrap gap-4">
          {paged ? (
            <AppLink
              to={matchId ? `/cms/chat?matchId=${matchId}` : '/cms/chat'}
              className="font-semibold underline underline-offset-2"
            >
              First page
            </AppLink>
          ) : null}
          {nextCursor !== null ? (
            <AppLink to={`/cms/chat?${older.toString()}`} className="font-semibold underline underline-offset-2">
              Later reports
            </AppLink>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
