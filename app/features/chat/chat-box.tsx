// The live chat box of a match page (issue #23). Its code loads after the
// page's (the match page renders it through `deferred`, app/routes/match.tsx):
// the server renders the box's shell — heading, sign-in prompt, the spoiler
// notice — and the browser fills in the room once this code is there.
// Messages are plain text (chat-text.tsx), masked for bad language unless a
// signed-in reader turned that off (profanity.ts), and arrive live on the
// page's one live connection (use-chat.ts). Moderators (scope cms:chat)
// delete, pin, time out and ban from here, and set slow mode or close the room.
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useLocation } from 'react-router';
import type { ChatMessage, ChatRoom } from '../../../domain/chat-contracts.ts';
import type { ChatWindowMatch } from '../../../domain/chat-window.ts';
import { formatClockTime } from '../../../domain/time-zones.ts';
import { useSignedInUser, type HeaderUser } from '../../lib/auth/auth-user.ts';
import { useHydrated } from '../../lib/loading/deferred.tsx';
import {
  deleteOwnMessage,
  moderateDelete,
  pinMessage,
  postMessage,
  reportMessage,
  sanctionUser,
  setRoomClosed,
  setSlowMode,
  type ChatFailure,
  type ChatResult,
} from './chat-api.ts';
import { setChatMask, useChatMask } from './chat-preferences.ts';
import { ChatText } from './chat-text.tsx';
import { maskProfanity } from './profanity.ts';
import { useChat, type ChatData, type ChatInitial } from './use-chat.ts';

export interface ChatBoxProps {
  matchId: number;
  /** Where the page's data was read in the live stream: the chat's events from there reach the box. */
  position: number | null;
  /** The reader may moderate (scope cms:chat). */
  moderator: boolean;
  /** Spoiler-safe mode hides this match's score: the chat starts collapsed behind a notice. */
  spoilerHidden: boolean;
  /** The messages and room the server read with the page (so they are in its HTML); null: fetched here. */
  initial?: ChatInitial | null;
  /**
   * The match as the room's window needs it (status, kick-off, clock): the box turns open or read-only when the
   * window does, without a reload (the clock passing those moments sends no event).
   */
  roomWindow?: ChatWindowMatch | null;
}

const SLOW_MODE_CHOICES = [0, 5, 10, 30, 60, 120];
const TIMEOUT_MINUTES = [5, 10, 30, 60, 1440];
const REPORT_REASONS = ['Abuse or harassment', 'Spam', 'Spoiler', 'Something else'];

/** What the last action came to; a refusal's `retryAt` (ms) is when it may be tried again. */
type Notice =
  { kind: 'error'; text: string; retryAt: number | null; roomChanged?: boolean } | { kind: 'done'; text: string };

const failureNotice = (failure: ChatFailure): Notice => ({
  kind: 'error',
  text: failure.message,
  retryAt: failure.retryAfterSeconds === null ? null : Date.now() + failure.retryAfterSeconds * 1000,
  roomChanged: failure.code === 'room_closed' || failure.code === 'room_read_only',
});

/** CHAT_MESSAGE_MAX_LENGTH (domain/chat-contracts.ts, which brings zod: not in this chunk; a test keeps them equal). */
export const MESSAGE_MAX_LENGTH = 500;

/** Characters as a reader counts them: code points, so an emoji counts once (as the server does). */
export function countCharacters(text: string): number {
  return [...text.trim()].length;
}

let timeZone: string | null = null;
function browserTimeZone(): string {
  try {
    timeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    timeZone = 'UTC';
  }
  return timeZone;
}
const subscribeNothing = () => () => undefined;
/** The reader's time zone; UTC in the server's HTML (times there carry suppressHydrationWarning). */
function useBrowserTimeZone(): string {
  return useSyncExternalStore(subscribeNothing, browserTimeZone, () => 'UTC');
}

/** The default export: the match page's deferred import of it is then the shortest (first-load budget). */
export default function ChatBox({
  matchId,
  position,
  moderator,
  spoilerHidden,
  initial = null,
  roomWindow = null,
}: ChatBoxProps) {
  const [shown, setShown] = useState(!spoilerHidden);
  // The page revealing the score ("Reveal the score": ?reveal=1, a client-side navigation) opens the chat too,
  // and a page that hides it again collapses it.
  const [pageHides, setPageHides] = useState(spoilerHidden);
  if (pageHides !== spoilerHidden) {
    setPageHides(spoilerHidden);
    setShown(!spoilerHidden);
  }
  const hydrated = useHydrated();
  return (
    <section
      id="live-chat"
      aria-labelledby="chat-heading"
      data-testid="chat-box"
      className="mt-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="chat-heading" className="text-lg font-semibold">
        Live chat
      </h2>
      {shown ? (
        // Keyed by match: a client-side navigation to another match starts its room afresh.
        <ChatRoomView
          key={matchId}
          matchId={matchId}
          position={position}
          moderator={moderator}
          initial={initial}
          roomWindow={roomWindow}
        />
      ) : (
        <div className="mt-2 text-sm" data-testid="chat-spoiler-notice">
          <p className="text-slate-700 dark:text-slate-300">
            Spoiler-safe mode is on for this match: the chat may contain spoilers, so it stays collapsed.
          </p>
          <button
            type="button"
            disabled={!hydrated}
            onClick={() => setShown(true)}
            className="mt-2 rounded-full border border-slate-300 px-3 py-1 font-semibold hover:bg-slate-100 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            Show the chat
          </button>
        </div>
      )}
    </section>
  );
}

function roomStateText(room: ChatRoom | null): string {
  if (!room) return 'Loading…';
  if (room.state === 'closed') return 'Closed';
  if (room.state === 'read-only') return 'Read-only';
  return 'Open';
}

function ChatRoomView({
  matchId,
  position,
  moderator,
  initial,
  roomWindow,
}: {
  matchId: number;
  position: number | null;
  moderator: boolean;
  initial: ChatInitial | null;
  roomWindow: ChatWindowMatch | null;
}) {
  const user = useSignedInUser();
  const chat = useChat(matchId, position, initial, roomWindow);
  const mask = useChatMask(user !== null);
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const composer = useRef<HTMLTextAreaElement>(null);
  const { room } = chat;

  return (
    <div className="mt-1">
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="chat-room-status">
        <span className="font-semibold">{roomStateText(room)}</span>
        {chat.people !== null ? ` · about ${chat.people} ${chat.people === 1 ? 'person' : 'people'} here` : ''}
        {room && room.slowModeSeconds > 0 ? ` · Slow mode: one message every ${room.slowModeSeconds} s` : ''}
      </p>
      {room?.pinned ? (
        <PinnedMessage
          message={room.pinned}
          mask={mask}
          onUnpin={
            moderator
              ? async () => {
                  const result = await pinMessage(matchId, null);
                  if (result.ok) chat.roomChanged(result.data);
                  setNotice(result.ok ? { kind: 'done', text: 'Unpinned.' } : failureNotice(result));
                }
              : null
          }
        />
      ) : null}
      {moderator && room ? (
        <RoomControls matchId={matchId} room={room} onRoom={chat.roomChanged} onNotice={setNotice} />
      ) : null}
      <MessageLog
        chat={chat}
        matchId={matchId}
        user={user}
        moderator={moderator}
        mask={mask}
        // Replies only where one can post: a read-only or closed room offers none.
        onReply={
          room?.state === 'open'
            ? (message) => {
                setReplyTo(message);
                composer.current?.focus();
              }
            : null
        }
        onNotice={setNotice}
      />
      {user === null ? (
        <SignInPrompt />
      ) : room && room.state !== 'open' ? (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="chat-closed-note">
          {room.state === 'closed'
            ? 'The moderators have closed this chat: you can read it, not post.'
            : 'The chat is read-only now: it opens 60 minutes before kick-off and stays open until 30 minutes after the final whistle.'}
        </p>
      ) : (
        <Composer
          matchId={matchId}
          inputRef={composer}
          replyTo={replyTo}
          mask={mask}
          onCancelReply={() => setReplyTo(null)}
          onPosted={(message) => {
            chat.posted(message);
            setReplyTo(null);
          }}
          onNotice={(next) => {
            setNotice(next);
            // Refused because the room closed or its window ended: show its state now, not at the next read.
            if (next?.kind === 'error' && next.roomChanged) chat.refreshRoom();
          }}
        />
      )}
      {notice ? <NoticeLine key={notice.kind === 'error' ? notice.retryAt : 0} notice={notice} /> : null}
      {user === null ? null : <MaskSetting />}
    </div>
  );
}

function SignInPrompt() {
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  return (
    <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="chat-sign-in">
      Guests can read the chat.{' '}
      <a
        href={`/login?redirect=${encodeURIComponent(back)}`}
        className="font-semibold text-sky-800 underline dark:text-sky-300"
      >
        Sign in to chat
      </a>
    </p>
  );
}

function MaskSetting() {
  const id = useId();
  const hydrated = useHydrated();
  const mask = useChatMask(true);
  return (
    <p className="mt-2 flex items-center gap-2 text-xs text-slate-700 dark:text-slate-300">
      <input
        id={id}
        type="checkbox"
        checked={mask}
        disabled={!hydrated}
        onChange={(event) => setChatMask(event.target.checked)}
      />
      <label htmlFor={id}>Mask bad language in the chat</label>
      <span className="text-slate-600 dark:text-slate-400">(saved to your account)</span>
    </p>
  );
}

function useMasked(text: string, mask: boolean): string {
  return useMemo(() => (mask ? maskProfanity(text) : text), [text, mask]);
}

function PinnedMessage({
  message,
  mask,
  onUnpin,
}: {
  message: ChatMessage;
  mask: boolean;
  onUnpin: (() => Promise<void>) | null;
}) {
  const text = useMasked(message.text, mask);
  return (
    <div
      className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm dark:border-amber-700 dark:bg-amber-950/40"
      data-testid="chat-pinned"
    >
      <p className="text-xs font-semibold text-amber-900 dark:text-amber-200">Pinned by the moderators</p>
      <p className="whitespace-pre-wrap break-words">
        <span className="font-semibold">{message.user.displayName}: </span>
        <ChatText text={text} />
      </p>
      {onUnpin ? (
        <button type="button" onClick={() => void onUnpin()} className="mt-1 text-xs font-semibold underline">
          Unpin
        </button>
      ) : null}
    </div>
  );
}

function RoomControls({
  matchId,
  room,
  onRoom,
  onNotice,
}: {
  matchId: number;
  room: ChatRoom;
  onRoom: (room: ChatRoom) => void;
  onNotice: (notice: Notice) => void;
}) {
  const id = useId();
  const [slow, setSlow] = useState(String(room.slowModeSeconds));
  const apply = async (change: Promise<ChatResult<ChatRoom>>, done: string) => {
    const result = await change;
    if (result.ok) onRoom(result.data);
    onNotice(result.ok ? { kind: 'done', text: done } : failureNotice(result));
  };
  return (
    <details
      className="mt-2 rounded-lg border border-slate-200 p-2 text-sm dark:border-slate-700"
      data-testid="chat-room-controls"
    >
      <summary className="cursor-pointer font-semibold">Moderate this room</summary>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-slow`}>Slow mode</label>
        <select
          id={`${id}-slow`}
          value={slow}
          onChange={(event) => setSlow(event.target.value)}
          className="rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
        >
          {SLOW_MODE_CHOICES.map((seconds) => (
            <option key={seconds} value={seconds}>
              {seconds === 0 ? 'Off' : `${seconds} s`}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="rounded border border-slate-300 px-2 py-1 font-semibold dark:border-slate-700"
          onClick={() =>
            void apply(
              setSlowMode(matchId, Number(slow)),
              Number(slow) === 0 ? 'Slow mode is off.' : `Slow mode: one message every ${slow} s.`,
            )
          }
        >
          Set slow mode
        </button>
        <button
          type="button"
          className="rounded border border-slate-300 px-2 py-1 font-semibold dark:border-slate-700"
          onClick={() =>
            void apply(
              setRoomClosed(matchId, room.state !== 'closed'),
              room.state === 'closed' ? 'The room is open again.' : 'The room is closed.',
            )
          }
        >
          {room.state === 'closed' ? 'Reopen the room' : 'Close the room'}
        </button>
      </div>
    </details>
  );
}

function MessageLog({
  chat,
  matchId,
  user,
  moderator,
  mask,
  onReply,
  onNotice,
}: {
  chat: ChatData;
  matchId: number;
  user: HeaderUser | null;
  moderator: boolean;
  mask: boolean;
  onReply: ((message: ChatMessage) => void) | null;
  onNotice: (notice: Notice) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  /** Set while older messages load: how far from the bottom the reader was, restored once they are in. */
  const keepFromBottom = useRef<number | null>(null);
  const lastId = chat.messages.at(-1)?.id ?? null;
  const firstId = chat.messages[0]?.id ?? null;
  const mine = user !== null && chat.messages.at(-1)?.user.id === user.id;

  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    if (keepFromBottom.current !== null) {
      element.scrollTop = element.scrollHeight - element.clientHeight - keepFromBottom.current;
      keepFromBottom.current = null;
      return;
    }
    // New messages follow the reader who is at the bottom (and their own always); one reading back stays put.
    if (nearBottom.current || mine) element.scrollTop = element.scrollHeight;
  }, [lastId, firstId, mine]);

  const loadOlder = async () => {
    const element = list.current;
    if (element) keepFromBottom.current = element.scrollHeight - element.clientHeight - element.scrollTop;
    await chat.loadOlder();
  };

  const loaded = chat.nextCursor !== undefined;
  return (
    <div className="mt-3">
      {chat.nextCursor ? (
        <button
          type="button"
          onClick={() => void loadOlder()}
          disabled={chat.loadingOlder}
          className="mb-2 w-full rounded border border-slate-300 py-1 text-sm font-semibold hover:bg-slate-100 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800"
        >
          {chat.loadingOlder ? 'Loading older messages…' : 'Load more'}
        </button>
      ) : null}
      <div
        ref={list}
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label="Chat messages"
        aria-busy={!loaded || chat.loadingOlder}
        tabIndex={0}
        data-testid="chat-log"
        onScroll={(event) => {
          const element = event.currentTarget;
          nearBottom.current = element.scrollHeight - element.clientHeight - element.scrollTop < 48;
        }}
        className="max-h-96 min-h-24 overflow-y-auto rounded-lg border border-slate-200 px-2 dark:border-slate-700"
      >
        <ol>
          {chat.messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              matchId={matchId}
              own={user !== null && message.user.id === user.id}
              signedIn={user !== null}
              moderator={moderator}
              mask={mask}
              onReply={onReply}
              onRemoved={chat.removed}
              onRoom={chat.roomChanged}
              onNotice={onNotice}
            />
          ))}
        </ol>
      </div>
      {chat.failed ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {chat.failed}{' '}
          <button type="button" onClick={chat.retry} className="font-semibold underline">
            Try again
          </button>
        </p>
      ) : !loaded ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Loading the messages…</p>
      ) : chat.messages.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No messages yet.</p>
      ) : null}
    </div>
  );
}

type Panel = 'report' | 'sanction' | null;

function MessageItem({
  message,
  matchId,
  own,
  signedIn,
  moderator,
  mask,
  onReply,
  onRemoved,
  onRoom,
  onNotice,
}: {
  message: ChatMessage;
  matchId: number;
  own: boolean;
  signedIn: boolean;
  moderator: boolean;
  mask: boolean;
  onReply: ((message: ChatMessage) => void) | null;
  onRemoved: (messageId: number) => void;
  onRoom: (room: ChatRoom) => void;
  onNotice: (notice: Notice) => void;
}) {
  const text = useMasked(message.text, mask);
  const excerpt = useMasked(message.replyTo?.excerpt ?? '', mask);
  const [panel, setPanel] = useState<Panel>(null);
  const zone = useBrowserTimeZone();
  const name = message.user.displayName;
  const action = 'text-xs font-semibold text-slate-700 underline-offset-2 hover:underline dark:text-slate-300';

  const remove = async () => {
    // A moderator removes others' messages through moderation (audited); anyone deletes their own.
    const result = own ? await deleteOwnMessage(message.id) : await moderateDelete(message.id);
    if (result.ok) {
      onRemoved(message.id);
      onNotice({ kind: 'done', text: 'Message deleted.' });
    } else onNotice(failureNotice(result));
  };
  const pin = async () => {
    const result = await pinMessage(matchId, message.id);
    if (result.ok) onRoom(result.data);
    onNotice(result.ok ? { kind: 'done', text: 'Message pinned.' } : failureNotice(result));
  };

  return (
    <li
      className="border-b border-slate-100 py-2 last:border-b-0 dark:border-slate-800"
      data-testid="chat-message"
      data-message-id={message.id}
    >
      {message.replyTo ? (
        <p className="mb-1 border-l-2 border-slate-300 pl-2 text-xs text-slate-600 dark:border-slate-600 dark:text-slate-400">
          Replying to {message.replyTo.displayName}:{' '}
          {message.replyTo.excerpt === null ? <em>a deleted message</em> : `“${excerpt}”`}
        </p>
      ) : null}
      <p className="text-sm">
        <span className="font-semibold">{name}</span>{' '}
        <time
          dateTime={message.createdAt}
          className="text-xs text-slate-600 dark:text-slate-400"
          suppressHydrationWarning
        >
          {formatClockTime(message.createdAt, zone)}
        </time>
      </p>
      <p className="whitespace-pre-wrap break-words text-sm" data-testid="chat-text" dir="auto">
        <ChatText text={text} />
      </p>
      {signedIn ? (
        <div className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
          {onReply ? (
            <button type="button" className={action} aria-label={`Reply to ${name}`} onClick={() => onReply(message)}>
              Reply
            </button>
          ) : null}
          {own ? null : (
            <button
              type="button"
              className={action}
              aria-label={`Report ${name}’s message`}
              aria-expanded={panel === 'report'}
              onClick={() => setPanel(panel === 'report' ? null : 'report')}
            >
              Report
            </button>
          )}
          {own || moderator ? (
            <button
              type="button"
              className={action}
              aria-label={`Delete ${name}’s message`}
              onClick={() => void remove()}
            >
              Delete
            </button>
          ) : null}
          {moderator ? (
            <>
              <button type="button" className={action} aria-label={`Pin ${name}’s message`} onClick={() => void pin()}>
                Pin
              </button>
              {own ? null : (
                <button
                  type="button"
                  className={action}
                  aria-label={`Time out or ban ${name}`}
                  aria-expanded={panel === 'sanction'}
                  onClick={() => setPanel(panel === 'sanction' ? null : 'sanction')}
                >
                  Time out or ban
                </button>
              )}
            </>
          ) : null}
        </div>
      ) : null}
      {panel === 'report' ? (
        <ReportForm
          message={message}
          onDone={(notice) => {
            onNotice(notice);
            if (notice.kind === 'done') setPanel(null);
          }}
          onCancel={() => setPanel(null)}
        />
      ) : null}
      {panel === 'sanction' ? (
        <SanctionForm
          message={message}
          onDone={(notice) => {
            onNotice(notice);
            if (notice.kind === 'done') setPanel(null);
          }}
          onCancel={() => setPanel(null)}
        />
      ) : null}
    </li>
  );
}

function ReportForm({
  message,
  onDone,
  onCancel,
}: {
  message: ChatMessage;
  onDone: (notice: Notice) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState(REPORT_REASONS[0] as string);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    const result = await reportMessage(message.id, reason);
    setPending(false);
    onDone(
      result.ok ? { kind: 'done', text: 'Reported: thank you, a moderator will look at it.' } : failureNotice(result),
    );
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="mt-2 flex flex-wrap items-center gap-2 text-xs">
      <label htmlFor={id}>Why report it?</label>
      <select
        id={id}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        className="rounded border border-slate-300 bg-white px-1 py-1 dark:border-slate-700 dark:bg-slate-900"
      >
        {REPORT_REASONS.map((choice) => (
          <option key={choice}>{choice}</option>
        ))}
      </select>
      <button
        type="submit"
        disabled={pending}
        className="rounded bg-brand-600 px-2 py-1 font-semibold text-white disabled:opacity-60"
      >
        Send report
      </button>
      <button type="button" onClick={onCancel} className="underline">
        Cancel
      </button>
    </form>
  );
}

function SanctionForm({
  message,
  onDone,
  onCancel,
}: {
  message: ChatMessage;
  onDone: (notice: Notice) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [choice, setChoice] = useState('timeout:10');
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const [kind, value] = choice.split(':') as ['timeout' | 'ban', string];
    setPending(true);
    const result = await sanctionUser({
      userId: message.user.id,
      kind,
      ...(kind === 'timeout' ? { minutes: Number(value) } : {}),
      // A timeout holds in every room (no hopping to the next match); a ban is this room's or all chat's.
      matchId: kind === 'ban' && value === 'room' ? message.matchId : null,
      reason: reason.trim() || 'Breaking the chat rules',
    });
    setPending(false);
    const who = message.user.displayName;
    const done =
      kind === 'timeout'
        ? `${who} is timed out for ${value} minutes.`
        : `${who} is banned from ${value === 'room' ? 'this room' : 'all chat'}.`;
    onDone(result.ok ? { kind: 'done', text: done } : failureNotice(result));
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="mt-2 flex flex-wrap items-center gap-2 text-xs">
      <label htmlFor={`${id}-kind`}>Sanction</label>
      <select
        id={`${id}-kind`}
        value={choice}
        onChange={(event) => setChoice(event.target.value)}
        className="rounded border border-slate-300 bg-white px-1 py-1 dark:border-slate-700 dark:bg-slate-900"
      >
        {TIMEOUT_MINUTES.map((minutes) => (
          <option key={minutes} value={`timeout:${minutes}`}>
            Time out for {minutes === 1440 ? '24 hours' : `${minutes} minutes`}
          </option>
        ))}
        <option value="ban:room">Ban from this room</option>
        <option value="ban:all">Ban from all chat</option>
      </select>
      <label htmlFor={`${id}-reason`}>Reason</label>
      <input
        id={`${id}-reason`}
        value={reason}
        maxLength={200}
        onChange={(event) => setReason(event.target.value)}
        className="min-w-0 flex-1 rounded border border-slate-300 bg-white px-1 py-1 dark:border-slate-700 dark:bg-slate-900"
      />
      <button
        type="submit"
        disabled={pending}
        className="rounded bg-red-700 px-2 py-1 font-semibold text-white disabled:opacity-60"
      >
        Apply
      </button>
      <button type="button" onClick={onCancel} className="underline">
        Cancel
      </button>
    </form>
  );
}

/** Whole seconds until `deadline` (ms), re-read twice a second until it passes; null without one. */
function useSecondsLeft(deadline: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) window.clearInterval(timer);
    }, 500);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));
}

function NoticeLine({ notice }: { notice: Notice }) {
  const left = useSecondsLeft(notice.kind === 'error' ? notice.retryAt : null);
  if (notice.kind === 'done')
    return (
      <p role="status" className="mt-2 text-sm text-green-800 dark:text-green-300" data-testid="chat-notice">
        {notice.text}
      </p>
    );
  return (
    <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400" data-testid="chat-error">
      {notice.text}
      {left !== null && left > 0 ? ` You can try again in ${left} s.` : ''}
    </p>
  );
}

function Composer({
  matchId,
  inputRef,
  replyTo,
  mask,
  onCancelReply,
  onPosted,
  onNotice,
}: {
  matchId: number;
  inputRef: React.RefObject<HTMLTextAreaElement | null>;
  replyTo: ChatMessage | null;
  mask: boolean;
  onCancelReply: () => void;
  onPosted: (message: ChatMessage) => void;
  onNotice: (notice: Notice | null) => void;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const count = countCharacters(text);
  const tooLong = count > MESSAGE_MAX_LENGTH;
  const quoted = useMasked(replyTo ? replyTo.text.slice(0, 80) : '', mask);

  const send = async () => {
    if (pending || count === 0 || tooLong) return;
    setPending(true);
    const result = await postMessage(matchId, text.trim(), replyTo?.id ?? null);
    setPending(false);
    if (result.ok) {
      // Only a message the server took clears the box: on any refusal the text stays to try again.
      setText('');
      onNotice(null);
      onPosted(result.data);
    } else onNotice(failureNotice(result));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    } else if (event.key === 'Escape' && replyTo) {
      event.preventDefault();
      onCancelReply();
    }
  };

  return (
    <form
      className="mt-3"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      data-testid="chat-composer"
    >
      {replyTo ? (
        <div className="mb-2 flex items-start justify-between gap-2 rounded border-l-2 border-brand-600 bg-slate-50 px-2 py-1 text-xs dark:bg-slate-800">
          <p className="min-w-0 break-words" data-testid="chat-replying">
            Replying to <span className="font-semibold">{replyTo.user.displayName}</span>: “{quoted}
            {replyTo.text.length > 80 ? '…' : ''}”
          </p>
          <button type="button" onClick={onCancelReply} className="shrink-0 font-semibold underline">
            Cancel reply
          </button>
        </div>
      ) : null}
      <label htmlFor={id} className="text-sm font-semibold">
        Your message
      </label>
      <textarea
        id={id}
        ref={inputRef}
        rows={2}
        value={text}
        disabled={!hydrated}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={`${id}-count ${id}-keys`}
        aria-invalid={tooLong}
        className="mt-1 block w-full resize-y rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-950"
      />
      <div className="mt-1 flex items-center justify-between gap-2">
        <p
          id={`${id}-count`}
          className={`text-xs tabular-nums ${tooLong ? 'font-semibold text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400'}`}
        >
          {`${count} / ${MESSAGE_MAX_LENGTH}${tooLong ? ': too long' : ''}`}
        </p>
        <button
          type="submit"
          disabled={!hydrated || pending || count === 0 || tooLong}
          className="rounded bg-brand-600 px-4 py-1 text-sm font-semibold text-white disabled:opacity-60"
        >
          {pending ? 'Sending…' : 'Send'}
        </button>
      </div>
      <p id={`${id}-keys`} className="sr-only">
        Enter sends, Shift+Enter starts a new line, Escape cancels a reply.
      </p>
    </form>
  );
}
