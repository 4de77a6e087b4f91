// Live chat per match (issue #23; docs/chat.md). A room per match, made the first time it is needed, open
// from 60 minutes before kick-off to 30 minutes after the final whistle (read-only otherwise, closed when
// staff close it). Every message, deletion and room change is a row here and an event on the live path
// (`chat:<matchId>`), written in one transaction with `live.append`, so the stream, its resume after a
// reconnect and every node's clients see exactly what the tables hold.
//
// Posting is guarded in this order: the text (400), the match (404), sanctions (403 with the reason and
// the time left), the account's age (403), the rate limits per user and per address (429), then — with the
// user's posts in the room taking turns and the room held against staff changes — closed or read-only
// (403), slow mode (429), a repeat of the user's previous message (409).
//
// Moderation (the scope cms:chat, in the page and in the CMS) takes the acting staff member and writes the
// audit log through the port the composition root hands over (the CMS's log; chat does not import cms,
// which builds on chat).
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseEngine } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import { inTransaction } from '../../../db/transaction.ts';
import type { Role } from '../../../domain/account-contracts.ts';
import {
  CHAT_HISTORY_PAGE,
  chatMessageSchema,
  chatRoomSchema,
  chatTopic,
  type ChatHistory,
  type ChatMessage,
  type ChatRoom,
  type ChatRoomInfo,
  type ChatRoomState,
} from '../../../domain/chat-contracts.ts';
import type {
  ChatReportPage,
  ChatReportQuery,
  ChatRoomSummary,
  ChatSanction,
  ChatSanctionInput,
  ChatSanctionQuery,
  ModeratedMessage,
  ModeratedMessagesQuery,
  ResolveReportInput,
} from '../../../domain/chat-moderation.ts';
import { normaliseChatText } from '../../../domain/chat-text.ts';
import { roomWindowState } from '../../../domain/chat-window.ts';
import type { MatchSummary } from '../../../domain/football-contracts.ts';
import type { Clock } from '../../platform/clock.ts';
import { toAddressKey, type RateLimit, type RateLimits } from '../../platform/rate-limit.ts';
import { NotFoundError } from '../football/football.service.ts';
import type { LiveRewriter, LiveRowWriter, NewLiveEvent } from '../live/live.service.ts';
import { CHAT_TYPES_WITH_TEXT, redactChatEvent } from './chat-redact.ts';
import type { RoomPresence } from './chat.presence.ts';
import * as q from './chat.queries.ts';

/** How long a match's details are reused between posts (a room's window moves in minutes, not milliseconds). */
const MATCH_CACHE_MS = 2000;

/** A staff member acting, as the audit log records them. */
export interface ChatActor {
  id: number;
  role: Role;
  ip: string;
}

/** The audit log's writer, handed over by the composition root (the CMS's cms-audit.service.ts). */
export interface ChatAuditPort {
  record(
    trx: Kysely<Database>,
    actor: ChatActor,
    entry: {
      action: string;
      target: { kind: string; id: string | number };
      before?: Record<string, unknown>;
      after?: Record<string, unknown>;
    },
  ): Promise<void>;
}

export type ChatErrorCode =
  | 'invalid_input'
  | 'not_found'
  | 'unauthenticated'
  | 'forbidden'
  | 'banned'
  | 'timed_out'
  | 'new_account'
  | 'room_closed'
  | 'room_read_only'
  | 'rate_limited'
  | 'slow_mode'
  | 'duplicate_message'
  | 'already_reported'
  | 'conflict';

export interface ChatFailure {
  ok: false;
  code: ChatErrorCode;
  message: string;
  fields?: Record<string, string>;
  /** For 429 and time-limited 403s: when to try again (the Retry-After header). */
  retryAfterSeconds?: number;
}

export type ChatResult<T> = ({ ok: true } & T) | ChatFailure;

const fail = (
  code: ChatErrorCode,
  message: string,
  extra: Partial<Pick<ChatFailure, 'fields' | 'retryAfterSeconds'>> = {},
): ChatFailure => ({
  ok: false,
  code,
  message,
  ...extra,
});
const NO_MATCH = fail('not_found', 'No such match');
const NO_MESSAGE = fail('not_found', 'No such message (it may have been deleted)');

/** "3 minutes", "2 hours", "5 days": how long until `untilMs`, rounded up. */
export function timeLeft(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes < 120) return plural(minutes, 'minute');
  const hours = Math.ceil(minutes / 60);
  if (hours < 48) return plural(hours, 'hour');
  return plural(Math.ceil(hours / 24), 'day');
}

function stateOf(room: q.RoomRow | null, match: MatchSummary, now: Date): ChatRoomState {
  if (room?.closedAt) return 'closed';
  return roomWindowState(match, now);
}

function toChatMessage(row: q.MessageRow): ChatMessage {
  return chatMessageSchema.parse({
    id: row.id,
    matchId: row.matchId,
    text: row.text,
    user: { id: row.userId, displayName: row.displayName },
    createdAt: row.createdAt,
    ...(row.replyTo ? { replyTo: row.replyTo } : {}),
  });
}

function toModerated(row: q.MessageRow): ModeratedMessage {
  return { ...toChatMessage(row), deletedAt: row.deletedAt };
}

/** Texts that count as "the same message again": case and spacing aside. */
const sameText = (a: string, b: string) =>
  a.replace(/\s+/g, ' ').toLowerCase() === b.replace(/\s+/g, ' ').toLowerCase();

export interface ChatServiceOptions {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  clock: Clock;
  live: LiveRowWriter & LiveRewriter;
  football: { getMatch(id: number): Promise<MatchSummary> };
  /** The accounts: an author's display name and age, a sanctioned user's name. */
  users: { getUser(id: number): Promise<{ displayName: string; createdAt: string; role: Role } | null> };
  rateLimits: RateLimits;
  presence: RoomPresence;
  audit: ChatAuditPort;
  limits: {
    /** A new account waits this long after it was made before its first message (0: no wait). */
    newAccountWaitMs: number;
    /** Messages per user (and per address) in a burst … */
    burst: number;
    /** … refilled at one per this many seconds (a window of burst × interval). */
    intervalSeconds: number;
    /** Messages one address may send in that window (several people behind one address). */
    addressBurst: number;
  };
}

export function createChatService(options: ChatServiceOptions) {
  const { db, engine, clock, live, football, users, presence, audit } = options;
  // "1 message per 2 s with a burst of 5": one point per interval, and the other four over five intervals.
  const steadyWithBurst = (burst: number) => ({
    points: 1,
    durationSeconds: options.limits.intervalSeconds,
    burst: burst > 1 ? { points: burst - 1, durationSeconds: burst * options.limits.intervalSeconds } : undefined,
  });
  const perUser: RateLimit = options.rateLimits.create('chat:user', steadyWithBurst(options.limits.burst));
  const perAddress: RateLimit = options.rateLimits.create('chat:address', steadyWithBurst(options.limits.addressBurst));
  const reportsPerUser: RateLimit = options.rateLimits.create('chat:report', { points: 20, durationSeconds: 600 });
  const matchCache = new Map<number, { at: number; match: MatchSummary }>();

  /** The match, or null when there is none. Reused for a moment: every post reads it. */
  async function loadMatch(matchId: number): Promise<MatchSummary | null> {
    const cached = matchCache.get(matchId);
    const now = Date.now();
    if (cached && now - cached.at < MATCH_CACHE_MS) return cached.match;
    try {
      const match = await football.getMatch(matchId);
      if (matchCache.size > 1000) matchCache.clear();
      matchCache.set(matchId, { at: now, match });
      return match;
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }

  async function roomOf(
    dbOrTrx: Kysely<Database> | Transaction<Database>,
    room: q.RoomRow | null,
    match: MatchSummary,
    now: Date,
  ): Promise<ChatRoom> {
    const pinned = room?.pinnedMessageId ? await q.findMessage(dbOrTrx, room.pinnedMessageId) : null;
    return chatRoomSchema.parse({
      matchId: match.id,
      state: stateOf(room, match, now),
      slowModeSeconds: room?.slowModeSeconds ?? 0,
      pinned: pinned && pinned.deletedAt === null ? toChatMessage(pinned) : null,
    });
  }

  function roomEvent(room: ChatRoom): NewLiveEvent {
    return {
      topic: chatTopic(room.matchId),
      type: 'chat.room',
      matchId: room.matchId,
      data: { matchId: room.matchId, room },
    };
  }

  /** The sanction that stops the user posting here now, as the refusal says it. */
  async function sanctionRefusal(
    userId: number,
    matchId: number,
    now: Date,
    reader: Kysely<Database> | Transaction<Database> = db,
  ): Promise<ChatFailure | null> {
    const sanctions = await q.listActiveSanctionsFor(reader, userId, matchId, now);
    if (sanctions.length === 0) return null;
    // The one that lasts longest decides (a ban for good before any timeout).
    const worst = sanctions.reduce((a, b) => (a.until === null ? a : b.until === null ? b : a.until > b.until ? a : b));
    const where = worst.matchId === null ? 'all chat' : 'this chat';
    const left = worst.until === null ? null : Date.parse(worst.until) - now.getTime();
    const duration = left === null ? 'until a moderator lifts it' : `for ${timeLeft(left)} more`;
    const retry = left === null ? {} : { retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) };
    if (worst.kind === 'timeout')
      return fail('timed_out', `You are timed out of ${where} ${duration}. Reason: ${worst.reason}`, retry);
    return fail('banned', `You are banned from ${where} ${duration}. Reason: ${worst.reason}`, retry);
  }

  // ---- Everyone ---------------------------------------------------------------------------------------------

  /** A page of a room's history, newest last; `before` pages to older messages. Null: no such match. */
  async function history(matchId: number, page: { before?: number; limit?: number } = {}): Promise<ChatHistory | null> {
    if (!(await loadMatch(matchId))) return null;
    const limit = page.limit ?? CHAT_HISTORY_PAGE;
    const rows = await q.listRoomMessages(db, matchId, {
      ...(page.before === undefined ? {} : { before: page.before }),
      limit: limit + 1,
    });
    const more = rows.length > limit;
    const shown = rows.slice(0, limit).reverse();
    return { messages: shown.map(toChatMessage), nextCursor: more && shown[0] ? String(shown[0].id) : null };
  }

  /** The room (state, slow mode, pinned message) and about how many people follow it now. Null: no such match. */
  async function room(matchId: number): Promise<ChatRoomInfo | null> {
    const match = await loadMatch(matchId);
    if (!match) return null;
    const [stored, people] = await Promise.all([q.findRoom(db, matchId), presence.count(matchId)]);
    return { ...(await roomOf(db, stored, match, clock.now())), people };
  }

  /** Posts a message as a signed-in user from `ip`. */
  async function post(input: {
    matchId: number;
    userId: number;
    ip: string;
    text: string;
    replyTo?: number;
  }): Promise<ChatResult<{ message: ChatMessage }>> {
    const normalised = normaliseChatText(input.text);
    if (!normalised.ok) return fail('invalid_input', normalised.message, { fields: { text: normalised.message } });
    const text = normalised.text;
    const match = await loadMatch(input.matchId);
    if (!match) return NO_MATCH;
    const now = clock.now();
    // Read at once, refused in this order: sanctions, the account, a room that takes no posts (a closed room
    // costs no points). No lock is held yet.
    const [sanctioned, author, known] = await Promise.all([
      sanctionRefusal(input.userId, input.matchId, now),
      users.getUser(input.userId),
      q.findRoom(db, input.matchId),
    ]);
    if (sanctioned) return sanctioned;
    if (!author) return fail('unauthenticated', 'Sign in to chat');
    const wait = Date.parse(author.createdAt) + options.limits.newAccountWaitMs - now.getTime();
    if (wait > 0)
      return fail(
        'new_account',
        `New accounts wait ${timeLeft(options.limits.newAccountWaitMs)} before their first message: ${timeLeft(wait)} to go`,
        {
          retryAfterSeconds: Math.ceil(wait / 1000),
        },
      );
    const knownState = stateOf(known, match, now);
    if (knownState !== 'open') return refusalOfState(knownState);
    for (const [limit, key] of [
      [perUser, `user:${input.userId}`],
      [perAddress, toAddressKey(input.ip)],
    ] as const) {
      const outcome = await limit.consume(key);
      if (!outcome.ok)
        return fail(
          'rate_limited',
          `You are sending messages too fast: wait ${outcome.retryAfterSeconds} s (one every ${options.limits.intervalSeconds} s, ${options.limits.burst} at most in a burst)`,
          {
            retryAfterSeconds: outcome.retryAfterSeconds,
          },
        );
    }

    // What is serialised, and by what (docs/chat.md, "Posting at once"): the user's own posts in this room
    // take turns (lockPoster), the room is held in share mode so staff changes wait for the posts under way
    // (roomForPost), and only the message's insert with its live event takes the log's site-wide append
    // lock, in one statement just before the commit. Posts by different users do not wait for each other
    // until that last statement.
    return inTransaction(db, async (trx) => {
      await q.lockPoster(trx, engine, input.matchId, input.userId);
      // Again under the lock: a ban or timeout given since the check above holds for this post too.
      const sanctionedNow = await sanctionRefusal(input.userId, input.matchId, now, trx);
      if (sanctionedNow) return sanctionedNow;
      const { room: current, last } = await q.roomForPost(trx, engine, input.matchId, input.userId, now);
      const state = stateOf(current, match, now);
      if (state !== 'open') return refusalOfState(state);
      if (last && current.slowModeSeconds > 0) {
        const wait = Date.parse(last.createdAt) + current.slowModeSeconds * 1000 - now.getTime();
        if (wait > 0) {
          const seconds = Math.ceil(wait / 1000);
          return fail(
            'slow_mode',
            `Slow mode is on: one message every ${current.slowModeSeconds} s. Wait ${seconds} s`,
            { retryAfterSeconds: seconds },
          );
        }
      }
      if (last && !last.deleted && sameText(last.text, text))
        return fail('duplicate_message', 'You just sent that message: write something new');
      let quoted: q.MessageRow | null = null;
      if (input.replyTo !== undefined) {
        quoted = await q.findMessage(trx, input.replyTo);
        if (!quoted || quoted.matchId !== input.matchId || quoted.deletedAt !== null)
          return fail('invalid_input', 'The message you reply to is not in this chat (it may have been deleted)', {
            fields: { replyTo: 'No such message in this chat' },
          });
      }
      // Built from what is written rather than read back; its id is the row's, drawn with the event's position.
      const message = toChatMessage({
        id: 0,
        matchId: input.matchId,
        userId: input.userId,
        displayName: author.displayName,
        text,
        createdAt: now.toISOString(),
        deletedAt: null,
        replyTo: quoted ? { id: quoted.id, excerpt: q.excerptOf(quoted.text), displayName: quoted.displayName } : null,
      });
      const { rowId } = await live.appendWithRow(
        trx,
        q.newMessageRow({
          matchId: input.matchId,
          userId: input.userId,
          displayName: author.displayName,
          text,
          replyTo: quoted?.id ?? null,
          at: now,
        }),
        (id) => ({
          topic: chatTopic(input.matchId),
          type: 'chat.message',
          matchId: input.matchId,
          data: { matchId: input.matchId, message: { ...message, id } },
        }),
      );
      return { ok: true as const, message: { ...message, id: rowId } };
    });
  }

  function refusalOfState(state: 'closed' | 'read-only'): ChatFailure {
    return state === 'closed'
      ? fail('room_closed', 'This chat was closed by a moderator')
      : fail(
          'room_read_only',
          'This chat is read-only: it opens 60 minutes before kick-off and closes 30 minutes after the final whistle',
        );
  }

  /**
   * Inside a transaction only `trx` may be used (SQLite has one connection: a query on `db` would wait for
   * the transaction that waits for it), so the match is read before.
   *
   * Deletes a message (soft) and tells every client: `chat.deleted`, and `chat.room` when it was pinned.
   * Open reports of it are resolved. Returns false when it was already deleted.
   */
  async function removeMessage(
    trx: Transaction<Database>,
    match: MatchSummary | null,
    message: q.MessageRow,
    by: number,
    reason: string | null,
    now: Date,
  ): Promise<{ deleted: boolean; unpinned: boolean }> {
    const locked = await q.lockRoom(trx, engine, message.matchId, now);
    if (!(await q.markMessageDeleted(trx, message.id, by, reason, now))) return { deleted: false, unpinned: false };
    await q.resolveReportsOfMessage(trx, message.id, by, 'The message was deleted', now);
    // A client resuming from before now must not be handed the text back: the log forgets it too.
    await forgetInLog(trx, message.matchId, [message], false);
    const events: NewLiveEvent[] = [
      {
        topic: chatTopic(message.matchId),
        type: 'chat.deleted',
        matchId: message.matchId,
        data: { matchId: message.matchId, messageId: message.id },
      },
    ];
    const unpinned = locked.pinnedMessageId === message.id;
    if (unpinned) {
      await q.updateRoom(trx, message.matchId, { pinnedMessageId: null }, now);
      if (match) events.push(roomEvent(await roomOf(trx, { ...locked, pinnedMessageId: null }, match, now)));
    }
    await live.append(trx, events);
    return { deleted: true, unpinned };
  }

  /**
   * Rewrites the room's events in the live log that show `messages` (their own events, replies quoting
   * them, pins of them), so a resume from before their removal never replays them (chat-redact.ts).
   */
  async function forgetInLog(
    trx: Transaction<Database>,
    matchId: number,
    messages: ReadonlyArray<{ id: number; createdAt: string }>,
    erased: boolean,
  ): Promise<void> {
    if (messages.length === 0) return;
    const oldest = Math.min(...messages.map((message) => Date.parse(message.createdAt)));
    const removed = { ids: new Set(messages.map((message) => message.id)), erased };
    await live.rewrite(
      trx,
      // A minute's margin: the message's event is written in its transaction, at the same clock reading.
      { topic: chatTopic(matchId), types: CHAT_TYPES_WITH_TEXT, since: new Date(oldest - 60_000) },
      (event) => redactChatEvent(event, removed),
    );
  }

  /** The author deletes their own message. */
  async function deleteOwn(userId: number, messageId: number): Promise<ChatResult<{ messageId: number }>> {
    const message = await q.findMessage(db, messageId);
    if (!message || message.deletedAt !== null) return NO_MESSAGE;
    if (message.userId !== userId) return fail('forbidden', 'You can delete only your own messages');
    const now = clock.now();
    const match = await loadMatch(message.matchId);
    const outcome = await inTransaction(db, (trx) =>
      removeMessage(trx, match, message, userId, 'Deleted by its author', now),
    );
    return outcome.deleted ? { ok: true, messageId } : NO_MESSAGE;
  }

  /** A signed-in user reports a message to the moderators (once per message). */
  async function report(
    userId: number,
    messageId: number,
    reason: string | undefined,
  ): Promise<ChatResult<{ reported: true }>> {
    const message = await q.findMessage(db, messageId);
    if (!message || message.deletedAt !== null) return NO_MESSAGE;
    const outcome = await reportsPerUser.consume(`user:${userId}`);
    if (!outcome.ok)
      return fail('rate_limited', `You have sent many reports: wait ${outcome.retryAfterSeconds} s`, {
        retryAfterSeconds: outcome.retryAfterSeconds,
      });
    // With the message's row held: a deletion that commits first is seen (nothing to report), and one that
    // comes after sees this report and resolves it — no open report of a deleted message either way.
    const filed = await inTransaction(db, async (trx) => {
      if (!(await q.lockMessageShown(trx, engine, messageId))) return 'gone' as const;
      const inserted = await q.insertReport(trx, {
        messageId,
        matchId: message.matchId,
        reporterId: userId,
        reason: reason ?? '',
        at: clock.now(),
      });
      return inserted ? ('reported' as const) : ('already' as const);
    });
    if (filed === 'gone') return NO_MESSAGE;
    if (filed === 'already')
      return fail('already_reported', 'You already reported this message: the moderators will look at it');
    return { ok: true, reported: true };
  }

  // ---- Moderation (scope cms:chat) ----------------------------------------------------------------------

  /** The moderation queue: reports by status (open ones oldest first), each with its message. */
  async function listReports(query: ChatReportQuery): Promise<ChatReportPage> {
    const rows = await q.listReports(db, {
      status: query.status,
      limit: query.limit,
      ...(query.matchId ? { matchId: query.matchId } : {}),
      ...(query.cursor ? { cursor: query.cursor } : {}),
    });
    const messageIds = [...new Set(rows.map((row) => row.messageId))];
    const [messages, open, names] = await Promise.all([
      q.findMessagesByIds(db, messageIds),
      q.countOpenReports(db, messageIds),
      namesOf(rows.map((row) => row.reporterId)),
    ]);
    const reports = rows.flatMap((row) => {
      const message = messages.get(row.messageId);
      if (!message) return [];
      return [
        {
          id: row.id,
          status: row.status as ChatReportPage['reports'][number]['status'],
          reason: row.reason,
          createdAt: row.createdAt,
          reporter: { id: row.reporterId, displayName: names.get(row.reporterId) ?? null },
          message: toModerated(message),
          openReportsOnMessage: open.get(row.messageId) ?? 0,
          resolvedAt: row.resolvedAt,
          resolvedBy: row.resolvedBy,
          note: row.note,
        },
      ];
    });
    const last = rows.at(-1);
    return { reports, nextCursor: rows.length === query.limit && last ? last.id : null };
  }

  async function namesOf(ids: readonly number[]): Promise<Map<number, string>> {
    const unique = [...new Set(ids)];
    const found = await Promise.all(
      unique.map(async (id) => [id, (await users.getUser(id))?.displayName ?? null] as const),
    );
    return new Map(found.filter((entry): entry is readonly [number, string] => entry[1] !== null));
  }

  /** Resolves (acted on) or dismisses (nothing wrong) an open report. */
  async function resolveReport(
    actor: ChatActor,
    reportId: number,
    input: ResolveReportInput,
  ): Promise<ChatResult<{ reportId: number }>> {
    const found = await q.findReport(db, reportId);
    if (!found) return fail('not_found', 'No such report');
    const now = clock.now();
    const closed = await inTransaction(db, async (trx) => {
      if (
        !(await q.closeReport(trx, reportId, {
          status: input.outcome,
          by: actor.id,
          note: input.note ?? null,
          at: now,
        }))
      )
        return false;
      await audit.record(trx, actor, {
        action: input.outcome === 'resolved' ? 'chat.report-resolve' : 'chat.report-dismiss',
        target: { kind: 'chat-report', id: reportId },
        before: { status: 'open' },
        after: { status: input.outcome, messageId: found.messageId, ...(input.note ? { note: input.note } : {}) },
      });
      return true;
    });
    if (!closed)
      return fail(
        'conflict',
        `This report was already ${found.status === 'open' ? 'handled by someone else' : found.status}`,
      );
    return { ok: true, reportId };
  }

  /** A moderator deletes a message: it disappears for everyone, live. */
  async function deleteMessage(
    actor: ChatActor,
    messageId: number,
    reason?: string,
  ): Promise<ChatResult<{ messageId: number }>> {
    const message = await q.findMessage(db, messageId);
    if (!message || message.deletedAt !== null) return NO_MESSAGE;
    const now = clock.now();
    const match = await loadMatch(message.matchId);
    const outcome = await inTransaction(db, async (trx) => {
      const removed = await removeMessage(trx, match, message, actor.id, reason ?? null, now);
      if (removed.deleted)
        await audit.record(trx, actor, {
          action: 'chat.message-delete',
          target: { kind: 'chat-message', id: messageId },
          before: { text: message.text, userId: message.userId, matchId: message.matchId },
          after: { deleted: true, ...(reason ? { reason } : {}), ...(removed.unpinned ? { unpinned: true } : {}) },
        });
      return removed;
    });
    return outcome.deleted ? { ok: true, messageId } : NO_MESSAGE;
  }

  function toSanction(row: q.SanctionRow, names: Map<number, string>, now: Date): ChatSanction {
    return {
      id: row.id,
      user: { id: row.userId, displayName: names.get(row.userId) ?? null },
      kind: row.kind as ChatSanction['kind'],
      matchId: row.matchId,
      reason: row.reason,
      until: row.until,
      createdAt: row.createdAt,
      createdBy: row.createdBy,
      liftedAt: row.liftedAt,
      active: row.liftedAt === null && (row.until === null || Date.parse(row.until) > now.getTime()),
    };
  }

  /** Times out (N minutes) or bans (for good, or N minutes) a user, in one room or in all chat. */
  async function sanction(actor: ChatActor, input: ChatSanctionInput): Promise<ChatResult<{ sanction: ChatSanction }>> {
    const user = await users.getUser(input.userId);
    if (!user) return fail('not_found', 'No such user', { fields: { userId: 'No such user' } });
    if (input.userId === actor.id)
      return fail('invalid_input', 'You cannot sanction yourself', { fields: { userId: 'That is you' } });
    // Staff answer to an administrator, not to each other: a moderator silencing an administrator (or every
    // other moderator) would be a moderator overruling those above them. An administrator is never sanctioned.
    if (user.role !== 'user' && (actor.role !== 'admin' || user.role === 'admin')) {
      const message =
        user.role === 'admin'
          ? 'An administrator cannot be timed out or banned from chat'
          : 'Only an administrator can time out or ban a staff member';
      return fail('forbidden', message, { fields: { userId: message } });
    }
    const matchId = input.matchId ?? null;
    if (matchId !== null && !(await loadMatch(matchId)))
      return fail('not_found', 'No such match', { fields: { matchId: 'No such match' } });
    const now = clock.now();
    const until = input.minutes === undefined ? null : new Date(now.getTime() + input.minutes * 60_000);
    const id = await inTransaction(db, async (trx) => {
      await q.lockChatter(trx, engine, input.userId);
      const created = await q.insertSanction(trx, {
        userId: input.userId,
        matchId,
        kind: input.kind,
        reason: input.reason,
        until,
        by: actor.id,
        at: now,
      });
      await audit.record(trx, actor, {
        action: input.kind === 'timeout' ? 'chat.timeout' : 'chat.ban',
        target: { kind: 'user', id: input.userId },
        after: {
          sanctionId: created,
          kind: input.kind,
          matchId,
          until: until?.toISOString() ?? null,
          reason: input.reason,
        },
      });
      return created;
    });
    const row = (await q.findSanction(db, id)) as q.SanctionRow;
    return { ok: true, sanction: toSanction(row, new Map([[input.userId, user.displayName]]), now) };
  }

  /** Lifts a timeout or ban before its end. */
  async function liftSanction(actor: ChatActor, sanctionId: number): Promise<ChatResult<{ sanction: ChatSanction }>> {
    const found = await q.findSanction(db, sanctionId);
    if (!found) return fail('not_found', 'No such sanction');
    // Only those who may give a staff member a sanction may lift it: otherwise a moderator an administrator
    // timed out would lift it themselves.
    const target = await users.getUser(found.userId);
    if (target && target.role !== 'user' && actor.role !== 'admin')
      return fail('forbidden', 'Only an administrator can lift a staff member’s timeout or ban');
    const now = clock.now();
    const lifted = await inTransaction(db, async (trx) => {
      if (!(await q.markSanctionLifted(trx, sanctionId, actor.id, now))) return false;
      await audit.record(trx, actor, {
        action: 'chat.sanction-lift',
        target: { kind: 'chat-sanction', id: sanctionId },
        before: { lifted: false, userId: found.userId, kind: found.kind },
        after: { lifted: true },
      });
      return true;
    });
    if (!lifted) return fail('conflict', 'This sanction was already lifted');
    const row = (await q.findSanction(db, sanctionId)) as q.SanctionRow;
    return { ok: true, sanction: toSanction(row, await namesOf([row.userId]), now) };
  }

  async function listSanctions(query: ChatSanctionQuery): Promise<ChatSanction[]> {
    const now = clock.now();
    const rows = await q.listSanctions(db, {
      limit: query.limit,
      ...(query.userId ? { userId: query.userId } : {}),
      ...(query.matchId ? { matchId: query.matchId } : {}),
      ...(query.active === '1' ? { activeAt: now } : {}),
    });
    const names = await namesOf(rows.map((row) => row.userId));
    return rows.map((row) => toSanction(row, names, now));
  }

  /**
   * One staff change to a room, with the room locked: `change` returns the stored fields to set, or null
   * when there is nothing to change (then nothing is written, audited or announced).
   */
  async function changeRoom(
    actor: ChatActor,
    matchId: number,
    action: string,
    change: (
      room: q.RoomRow,
      trx: Transaction<Database>,
    ) => Promise<
      | ChatFailure
      | null
      | { set: Parameters<typeof q.updateRoom>[2]; before: Record<string, unknown>; after: Record<string, unknown> }
    >,
  ): Promise<ChatResult<{ room: ChatRoom; changed: boolean }>> {
    const match = await loadMatch(matchId);
    if (!match) return NO_MATCH;
    const now = clock.now();
    return inTransaction(db, async (trx) => {
      const locked = await q.lockRoom(trx, engine, matchId, now);
      const decided = await change(locked, trx);
      if (decided && 'ok' in decided) return decided;
      if (!decided) return { ok: true as const, room: await roomOf(trx, locked, match, now), changed: false };
      await q.updateRoom(trx, matchId, decided.set, now);
      const updated = (await q.findRoom(trx, matchId)) as q.RoomRow;
      const room = await roomOf(trx, updated, match, now);
      await audit.record(trx, actor, {
        action,
        target: { kind: 'chat-room', id: matchId },
        before: decided.before,
        after: decided.after,
      });
      await live.append(trx, [roomEvent(room)]);
      return { ok: true as const, room, changed: true };
    });
  }

  const pin = (actor: ChatActor, matchId: number, messageId: number) =>
    changeRoom(actor, matchId, 'chat.pin', async (room, trx) => {
      const message = await q.findMessage(trx, messageId);
      if (!message || message.matchId !== matchId || message.deletedAt !== null)
        return fail('not_found', 'No such message in this chat', {
          fields: { messageId: 'No such message in this chat' },
        });
      if (room.pinnedMessageId === messageId) return null;
      return {
        set: { pinnedMessageId: messageId },
        before: { pinnedMessageId: room.pinnedMessageId },
        after: { pinnedMessageId: messageId, text: message.text },
      };
    });

  const unpin = (actor: ChatActor, matchId: number) =>
    changeRoom(actor, matchId, 'chat.unpin', async (room) =>
      room.pinnedMessageId === null
        ? null
        : {
            set: { pinnedMessageId: null },
            before: { pinnedMessageId: room.pinnedMessageId },
            after: { pinnedMessageId: null },
          },
    );

  const setSlowMode = (actor: ChatActor, matchId: number, seconds: number) =>
    changeRoom(actor, matchId, 'chat.slow-mode', async (room) =>
      room.slowModeSeconds === seconds
        ? null
        : {
            set: { slowModeSeconds: seconds },
            before: { slowModeSeconds: room.slowModeSeconds },
            after: { slowModeSeconds: seconds },
          },
    );

  const closeRoom = (actor: ChatActor, matchId: number, reason?: string) =>
    changeRoom(actor, matchId, 'chat.close', async (room) =>
      room.closedAt !== null
        ? null
        : {
            set: { closed: { at: clock.now(), by: actor.id, reason: reason ?? null } },
            before: { closed: false },
            after: { closed: true, ...(reason ? { reason } : {}) },
          },
    );

  const reopenRoom = (actor: ChatActor, matchId: number) =>
    changeRoom(actor, matchId, 'chat.reopen', async (room) =>
      room.closedAt === null
        ? null
        : { set: { closed: null }, before: { closed: true, reason: room.closedReason }, after: { closed: false } },
    );

  /** Rooms with activity, the most recent first, with their counts and state. */
  async function listRooms(limit: number): Promise<ChatRoomSummary[]> {
    const rows = await q.listRoomsByActivity(db, limit);
    const now = clock.now();
    const summaries = await Promise.all(
      rows.map(async (row) => {
        const match = await loadMatch(row.matchId);
        return {
          matchId: row.matchId,
          state: match ? stateOf(row, match, now) : row.closedAt ? ('closed' as const) : ('read-only' as const),
          slowModeSeconds: row.slowModeSeconds,
          pinnedMessageId: row.pinnedMessageId,
          closedAt: row.closedAt,
          closedReason: row.closedReason,
          messages: row.messages,
          openReports: row.openReports,
          lastMessageAt: row.lastMessageAt,
        };
      }),
    );
    return summaries;
  }

  /** Messages for moderation, deleted ones too, newest first, by room and/or author. */
  async function listMessages(
    query: ModeratedMessagesQuery,
  ): Promise<{ messages: ModeratedMessage[]; nextCursor: number | null }> {
    const rows = await q.listMessagesForModeration(db, {
      limit: query.limit,
      ...(query.matchId ? { matchId: query.matchId } : {}),
      ...(query.userId ? { userId: query.userId } : {}),
      ...(query.cursor ? { cursor: query.cursor } : {}),
    });
    const last = rows.at(-1);
    return { messages: rows.map(toModerated), nextCursor: rows.length === query.limit && last ? last.id : null };
  }

  /**
   * An account is being erased (the CMS's erasure calls this in its transaction, opened with inTransaction):
   * its messages lose their text and name and vanish for everyone live (chat.deleted), pins of them and its
   * reports go. Sanctions stay: ids and the staff's reason only. Returns how many messages were emptied.
   */
  async function eraseUser(trx: Transaction<Database>, userId: number): Promise<number> {
    const shown = await q.listLiveMessagesOfUser(trx, userId);
    const emptied = await q.eraseUserContent(trx, userId, clock.now());
    const byRoom = new Map<number, Array<(typeof shown)[number]>>();
    for (const message of shown) byRoom.set(message.matchId, [...(byRoom.get(message.matchId) ?? []), message]);
    for (const [matchId, messages] of byRoom) await forgetInLog(trx, matchId, messages, true);
    await live.append(
      trx,
      shown.map((message) => ({
        topic: chatTopic(message.matchId),
        type: 'chat.deleted' as const,
        matchId: message.matchId,
        data: { matchId: message.matchId, messageId: message.id },
      })),
    );
    return emptied;
  }

  return {
    history,
    room,
    post,
    deleteOwn,
    report,
    listReports,
    resolveReport,
    deleteMessage,
    sanction,
    liftSanction,
    listSanctions,
    pin,
    unpin,
    setSlowMode,
    closeRoom,
    reopenRoom,
    listRooms,
    listMessages,
    eraseUser,
    /** Starts sharing this node's "people here" counts (server/main.ts). */
    start: () => presence.start(),
    stop: () => presence.stop(),
  };
}

export type ChatService = ReturnType<typeof createChatService>;
