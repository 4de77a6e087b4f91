// The parts the three chat moderation screens share (issue #23, /cms/chat, /cms/chat/rooms,
// /cms/chat/sanctions): their navigation, the answer of the last action, and how a room is named.
import { AppLink } from '../../components/app-link.tsx';
import type { ChatMatchLabel } from '../../../server/modules/cms/cms-chat.service.ts';
import { formatDateTime } from './cms-format.ts';

/** What a chat moderation action answers: the message, and which form and row it belongs to. */
export type ChatActionResult =
  | { ok: true; message: string; intent: string; target: string }
  | {
      ok: false;
      message: string;
      intent: string;
      target: string;
      fields: Record<string, string>;
      values: Record<string, string>;
    };

const SCREENS = [
  { to: '/cms/chat', label: 'Reported messages' },
  { to: '/cms/chat/rooms', label: 'Rooms' },
  { to: '/cms/chat/sanctions', label: 'Timeouts and bans' },
] as const;

export function ChatModerationNav({ current }: { current: (typeof SCREENS)[number]['to'] }) {
  return (
    <nav aria-label="Chat moderation" className="mt-4">
      <ul className="flex flex-wrap gap-1 text-sm">
        {SCREENS.map((screen) => (
          <li key={screen.to}>
            <AppLink
              to={screen.to}
              aria-current={screen.to === current ? 'page' : undefined}
              className={`block rounded px-3 py-1.5 ${screen.to === current ? 'bg-slate-900 font-semibold text-white dark:bg-slate-700' : 'hover:bg-slate-200 dark:hover:bg-slate-800'}`}
            >
              {screen.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The last action's answer, at the top of the screen (the row it acted on may have gone). */
export function ChatActionAnswer({ result }: { result: ChatActionResult | undefined }) {
  if (!result) return null;
  const fields = result.ok ? [] : Object.values(result.fields);
  return (
    <div
      role={result.ok ? 'status' : 'alert'}
      data-testid="chat-action-answer"
      className={`mt-4 rounded-md p-3 text-sm ${result.ok ? 'bg-brand-50 text-brand-900 dark:bg-slate-800 dark:text-brand-100' : 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-100'}`}
    >
      <p>{result.message}</p>
      {fields.length > 0 ? (
        <ul className="mt-1 list-disc pl-5">
          {fields.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** "Arsenal v Chelsea" with its competition and kick-off, linked to the match page; the id when the match is gone. */
export function RoomName({ matchId, match }: { matchId: number; match: ChatMatchLabel | null }) {
  if (!match) return <span>Match {matchId}</span>;
  return (
    <span>
      <AppLink to={`/match/${matchId}`} className="font-semibold underline underline-offset-2">
        {match.fixture}
      </AppLink>
      <span className="text-slate-600 dark:text-slate-400">
        {' '}
        · {match.competition} · {formatDateTime(match.kickoffAt)} · {match.status}
        {match.replay ? ' · replay' : ''}
      </span>
    </span>
  );
}
