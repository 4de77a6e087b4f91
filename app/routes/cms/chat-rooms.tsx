// /cms/chat/rooms (issue #23, scope cms:chat): the match chat rooms with messages, the most recently active
// first, with their state (open, read-only outside the match's window, closed by staff), slow mode, the
// pinned message and the open reports. Set slow mode (N seconds between a user's messages, 0 off), close or
// reopen a room, unpin its message. Each change reaches the match page live (a chat.room event) and is
// audited by chat.
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
import type { ChatRoomRow } from '../../../server/modules/cms/cms-chat.service.ts';
import type { Route } from './+types/chat-rooms';
import { getServices } from '../../../server/router-context.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:chat');
  return { rooms: await getServices(context).cms.chat.rooms() };
}

export async function action({ request, context }: Route.ActionArgs) {
  return chatModerationAction(request, context, ['slow-mode', 'close', 'reopen', 'unpin']);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Chat rooms', noIndex: true });

const STATE_TEXT = {
  open: 'Open',
  'read-only': 'Read-only (outside the match’s window)',
  closed: 'Closed by staff',
} as const;

const STATE_CLASS = {
  open: 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100',
  'read-only': 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100',
  closed: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
} as const;

function Room({ room, result }: { room: ChatRoomRow; result: ChatActionResult | undefined }) {
  const key = useId();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const target = String(room.matchId);
  const failed = result && !result.ok && result.target === target ? result : undefined;
  const slowError = failed?.intent === 'slow-mode' ? failed.fields.seconds : undefined;
  return (
    <li
      data-testid="chat-room"
      data-match-id={room.matchId}
      className="rounded-xl border border-slate-300 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm">
          <RoomName matchId={room.matchId} match={room.match} />
        </p>
        <p
          className={`rounded-full px-2 py-0.5 text-sm font-semibold ${STATE_CLASS[room.state]}`}
          data-testid="chat-room-state"
        >
          {STATE_TEXT[room.state]}
        </p>
      </div>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        {room.messages} {room.messages === 1 ? 'message' : 'messages'}
        {room.lastMessageAt ? ` · last ${formatDateTime(room.lastMessageAt)}` : ''} ·{' '}
        {room.openReports > 0 ? (
          <AppLink to={`/cms/chat?matchId=${room.matchId}`} className="font-semibold underline underline-offset-2">
            {room.openReports} open {room.openReports === 1 ? 'report' : 'reports'}
          </AppLink>
        ) : (
          'no open reports'
        )}
        {' · '}slow mode {room.slowModeSeconds === 0 ? 'off' : `${room.slowModeSeconds} s`}
        {room.pinnedMessageId !== null ? ` · message ${room.pinnedMessageId} pinned` : ''}
      </p>
      {room.closedAt ? (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Closed {formatDateTime(room.closedAt)}
          {room.closedReason ? `: ${room.closedReason}` : ''}
        </p>
      ) : null}
      {failed && failed.intent !== 'slow-mode' ? (
        <p
          role="alert"
          className="mt-2 rounded-md bg-red-50 p-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {failed.message}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <Form method="post" className="flex items-end gap-2">
          <input type="hidden" name="intent" value="slow-mode" />
          <input type="hidden" name="matchId" value={room.matchId} />
          <input type="hidden" name="target" value={target} />
          <label htmlFor={`${key}-seconds`} className="text-sm font-medium">
            Slow mode (seconds, 0 off)
            <input
              id={`${key}-seconds`}
              name="seconds"
              type="number"
              min={0}
              max={3600}
              required
              defaultValue={failed?.intent === 'slow-mode' ? failed.values.seconds : room.slowModeSeconds}
              aria-invalid={slowError ? true : undefined}
              aria-describedby={slowError ? `${key}-seconds-error` : undefined}
              className={`${inputClass} w-32`}
            />
          </label>
          <button type="submit" disabled={busy} className={quietButtonClass}>
            Set
          </button>
        </Form>
        {room.pinnedMessageId !== null ? (
          <Form method="post">
            <input type="hidden" name="intent" value="unpin" />
            <input type="hidden" name="matchId" value={room.matchId} />
            <input type="hidden" name="target" value={target} />
            <button type="submit" disabled={busy} className={quietButtonClass}>
              Unpin message
            </button>
          </Form>
        ) : null}
        {room.closedAt ? (
          <Form method="post">
            <input type="hidden" name="intent" value="reopen" />
            <input type="hidden" name="matchId" value={room.matchId} />
            <input type="hidden" name="target" value={target} />
            <button type="submit" disabled={busy} className={quietButtonClass}>
              Reopen room
            </button>
          </Form>
        ) : (
          <ConfirmAction
            label="Close room"
            title="Close this chat room?"
            description={<p>Nobody can post until it is reopened; fans still read what was said.</p>}
            confirmLabel="Close room"
            fields={{ intent: 'close', matchId: room.matchId, target }}
          >
            <label htmlFor={`${key}-close-reason`} className="block text-sm font-medium">
              Reason (optional)
              <input id={`${key}-close-reason`} name="reason" maxLength={500} className={inputClass} />
            </label>
          </ConfirmAction>
        )}
      </div>
      {slowError ? (
        <p id={`${key}-seconds-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {slowError}
        </p>
      ) : null}
    </li>
  );
}

export default function CmsChatRooms({ loaderData }: Route.ComponentProps) {
  const { rooms } = loaderData;
  const result = useActionData<ChatActionResult>();
  return (
    <>
      <h1 className="text-2xl font-bold">Chat moderation</h1>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
        Rooms with messages, the most recently active first. A room is open from 60 minutes before kick-off until 30
        minutes after the final whistle, read-only otherwise; a closed room stays closed until reopened. Times are UTC.
      </p>
      <ChatModerationNav current="/cms/chat/rooms" />
      <ChatActionAnswer result={result} />
      <h2 className="mt-6 text-lg font-semibold">Rooms ({rooms.length})</h2>
      {rooms.length === 0 ? (
        <p className="mt-2 text-slate-700 dark:text-slate-300">No room has messages yet.</p>
      ) : (
        <ul className="mt-3 space-y-4" aria-label="Chat rooms">
          {rooms.map((room) => (
            <Room key={room.matchId} room={room} result={result} />
          ))}
        </ul>
      )}
    </>
  );
}
