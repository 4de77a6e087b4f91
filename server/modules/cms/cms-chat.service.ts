// The CMS's chat moderation screens (issue #23, scope cms:chat): the queue of reported messages, the rooms
// and the sanctions. Chat owns the rows, the live events and the audit entries of every action (its service
// writes them in the action's transaction through the CMS's audit log); this service shapes what the
// screens show — reports grouped by message with their reporters, each room and sanction named by its
// match — and turns a screen's form into one call of the chat service. It reaches chat and football only
// through their services.
import { z } from 'zod';
import type { ModeratedMessage } from '../../../domain/chat-moderation.ts';
import type { ChatRoomSummary, ChatSanction } from '../../../domain/chat-moderation.ts';
import type { MatchSummary } from '../../../domain/football-contracts.ts';
import type { ChatService } from '../chat/chat.service.ts';
import type { CmsActor } from './cms.schemas.ts';

/** A match as the screens name it: "Arsenal v Chelsea", with its competition and kick-off. */
export interface ChatMatchLabel {
  id: number;
  fixture: string;
  competition: string;
  kickoffAt: string;
  status: string;
  /** A demo replay or relive: its own room. */
  replay: boolean;
}

/** One reported message in the queue, with every open report of it on this page. */
export interface ChatQueueItem {
  message: ModeratedMessage;
  match: ChatMatchLabel | null;
  reports: Array<{
    id: number;
    reporter: { id: number; displayName: string | null };
    reason: string;
    createdAt: string;
  }>;
  /** Open reports of the message in all (a page may show fewer). */
  openReports: number;
  firstReportedAt: string;
}

export interface ChatQueuePage {
  items: ChatQueueItem[];
  /** Reports were read in pages: the cursor of the next page of open reports, if any. */
  nextCursor: number | null;
}

export type ChatRoomRow = ChatRoomSummary & { match: ChatMatchLabel | null };
export type ChatSanctionRow = ChatSanction & { match: ChatMatchLabel | null; createdByName: string | null };

/** What a screen's form asks for, checked before chat is called. */
export type ChatModerationOutcome =
  | { ok: true; message: string }
  | { ok: false; status: 400 | 403 | 404 | 409 | 429; message: string; fields: Record<string, string> };

export interface CmsChatService {
  queue(params: Record<string, string>): Promise<ChatQueuePage & { invalid: boolean }>;
  rooms(): Promise<ChatRoomRow[]>;
  sanctions(
    params: Record<string, string>,
  ): Promise<{ sanctions: ChatSanctionRow[]; active: boolean; invalid: boolean }>;
  /** One moderation action from a CMS form (the form's fields as text). */
  act(actor: CmsActor, intent: string, form: Record<string, string>): Promise<ChatModerationOutcome>;
}

const queueParamsSchema = z.object({
  matchId: z.coerce.number().int().positive().optional(),
  cursor: z.coerce.number().int().positive().optional(),
});

const sanctionParamsSchema = z.object({
  active: z.enum(['0', '1']).default('1'),
  userId: z.coerce.number().int().positive().optional(),
  matchId: z.coerce.number().int().positive().optional(),
});

const id = (label: string) =>
  z.coerce
    .number({ error: `${label} is missing` })
    .int()
    .positive(`${label} is missing`);
const reportIdsSchema = z
  .string()
  .trim()
  .min(1, 'No report to act on')
  .transform((text) => text.split(',').map(Number))
  .pipe(z.array(z.number().int().positive()).min(1).max(100));
const reasonSchema = z.string().trim().min(1, 'Give a reason (the user sees it)').max(500, 'At most 500 characters');
/** Where a sanction applies: the message's room, or all chat. */
const whereSchema = z.enum(['room', 'all'], { error: 'Choose this room or all chat' });

const formSchemas = {
  delete: z.object({ messageId: id('The message'), reason: z.string().trim().max(500).optional() }),
  dismiss: z.object({ reportIds: reportIdsSchema }),
  timeout: z.object({
    userId: id('The author'),
    matchId: id('The room'),
    where: whereSchema,
    minutes: z.coerce
      .number({ error: 'Enter the minutes' })
      .int('Whole minutes')
      .min(1, 'At least 1 minute')
      .max(7 * 24 * 60, 'At most a week: ban instead'),
    reason: reasonSchema,
    reportIds: z.string().optional(),
  }),
  ban: z.object({
    userId: id('The author'),
    matchId: id('The room'),
    where: whereSchema,
    reason: reasonSchema,
    reportIds: z.string().optional(),
  }),
  lift: z.object({ sanctionId: id('The sanction') }),
  'slow-mode': z.object({
    matchId: id('The room'),
    seconds: z.coerce
      .number({ error: 'Enter the seconds' })
      .int('Whole seconds')
      .min(0, '0 or more')
      .max(3600, 'At most an hour'),
  }),
  close: z.object({ matchId: id('The room'), reason: z.string().trim().max(500).optional() }),
  reopen: z.object({ matchId: id('The room') }),
  unpin: z.object({ matchId: id('The room') }),
};

function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    fields[key] ??= issue.message;
  }
  return fields;
}

/** A refusal of the chat service as the screen answers it, with the status the API gives. */
function refused(failure: { code: string; message: string; fields?: Record<string, string> }): ChatModerationOutcome {
  const status =
    failure.code === 'invalid_input'
      ? 400
      : failure.code === 'not_found'
        ? 404
        : failure.code === 'rate_limited'
          ? 429
          : failure.code === 'forbidden'
            ? 403
            : 409;
  return { ok: false, status, message: failure.message, fields: failure.fields ?? {} };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function createCmsChatService(deps: {
  chat: Pick<
    ChatService,
    | 'listReports'
    | 'resolveReport'
    | 'deleteMessage'
    | 'sanction'
    | 'liftSanction'
    | 'listSanctions'
    | 'listRooms'
    | 'setSlowMode'
    | 'closeRoom'
    | 'reopenRoom'
    | 'unpin'
  >;
  football: { getMatch(id: number): Promise<MatchSummary> };
  /** Staff members' names, for who gave a sanction. */
  users: { getUser(id: number): Promise<{ displayName: string } | null> };
}): CmsChatService {
  const { chat, football, users } = deps;

  /** Names for the matches of one screen, each read once. */
  async function labels(ids: Iterable<number | null>): Promise<Map<number, ChatMatchLabel>> {
    const unique = [...new Set([...ids].filter((value): value is number => value !== null))];
    const found = await Promise.all(
      unique.map(async (matchId) => {
        try {
          const match = await football.getMatch(matchId);
          const label: ChatMatchLabel = {
            id: matchId,
            fixture: `${match.home.name} v ${match.away.name}`,
            competition: match.competition.name,
            kickoffAt: match.kickoffAt,
            status: match.status,
            replay: match.replayOf !== null && match.replayOf !== undefined,
          };
          return [matchId, label] as const;
        } catch {
          return null; // a match removed since: the screens show its id
        }
      }),
    );
    return new Map(found.filter((entry): entry is readonly [number, ChatMatchLabel] => entry !== null));
  }

  /** Resolves or dismisses each open report, skipping those someone else handled meanwhile. */
  async function closeReports(
    actor: CmsActor,
    reportIds: number[],
    outcome: 'resolved' | 'dismissed',
    note?: string,
  ): Promise<number> {
    let closed = 0;
    for (const reportId of reportIds) {
      const result = await chat.resolveReport(actor, reportId, { outcome, ...(note ? { note } : {}) });
      if (result.ok) closed += 1;
    }
    return closed;
  }

  const optionalIds = (text: string | undefined) => {
    const parsed = reportIdsSchema.safeParse(text ?? '');
    return parsed.success ? parsed.data : [];
  };

  return {
    async queue(params) {
      const parsed = queueParamsSchema.safeParse(params);
      const query = parsed.success ? parsed.data : {};
      const page = await chat.listReports({ status: 'open', limit: 100, ...query });
      const byMessage = new Map<number, ChatQueueItem>();
      for (const report of page.reports) {
        const item = byMessage.get(report.message.id) ?? {
          message: report.message,
          match: null,
          reports: [],
          openReports: report.openReportsOnMessage,
          firstReportedAt: report.createdAt,
        };
        item.reports.push({
          id: report.id,
          reporter: report.reporter,
          reason: report.reason,
          createdAt: report.createdAt,
        });
        byMessage.set(report.message.id, item);
      }
      const items = [...byMessage.values()];
      const names = await labels(items.map((item) => item.message.matchId));
      for (const item of items) item.match = names.get(item.message.matchId) ?? null;
      return { items, nextCursor: page.nextCursor, invalid: !parsed.success };
    },

    async rooms() {
      const rooms = await chat.listRooms(100);
      const names = await labels(rooms.map((room) => room.matchId));
      return rooms.map((room) => ({ ...room, match: names.get(room.matchId) ?? null }));
    },

    async sanctions(params) {
      const parsed = sanctionParamsSchema.safeParse(params);
      const query = parsed.success ? parsed.data : sanctionParamsSchema.parse({});
      const sanctions = await chat.listSanctions({ ...query, limit: 200 });
      const [names, staff] = await Promise.all([
        labels(sanctions.map((sanction) => sanction.matchId)),
        Promise.all(
          [...new Set(sanctions.map((sanction) => sanction.createdBy))].map(
            async (id) => [id, (await users.getUser(id))?.displayName ?? null] as const,
          ),
        ),
      ]);
      const staffNames = new Map(staff);
      return {
        sanctions: sanctions.map((sanction) => ({
          ...sanction,
          match: sanction.matchId === null ? null : (names.get(sanction.matchId) ?? null),
          createdByName: staffNames.get(sanction.createdBy) ?? null,
        })),
        active: query.active === '1',
        invalid: !parsed.success,
      };
    },

    async act(actor, intent, form) {
      if (!(intent in formSchemas))
        return { ok: false, status: 400, message: 'Nothing was changed: unknown action.', fields: {} };
      const schema = formSchemas[intent as keyof typeof formSchemas];
      const parsed = schema.safeParse(form);
      if (!parsed.success)
        return {
          ok: false,
          status: 400,
          message: 'Please correct the fields marked below.',
          fields: fieldErrors(parsed.error),
        };
      const input = parsed.data;
      switch (intent) {
        case 'delete': {
          const { messageId, reason } = input as z.infer<typeof formSchemas.delete>;
          const result = await chat.deleteMessage(actor, messageId, reason || undefined);
          return result.ok
            ? { ok: true, message: 'Message deleted: it has disappeared from the chat for everyone.' }
            : refused(result);
        }
        case 'dismiss': {
          const { reportIds } = input as z.infer<typeof formSchemas.dismiss>;
          const closed = await closeReports(actor, reportIds, 'dismissed');
          if (closed === 0)
            return {
              ok: false,
              status: 409,
              message: 'These reports were already handled by someone else.',
              fields: {},
            };
          return { ok: true, message: `Dismissed ${plural(closed, 'report')}: the message stays.` };
        }
        case 'timeout':
        case 'ban': {
          const fields = input as z.infer<typeof formSchemas.ban> & { minutes?: number };
          const result = await chat.sanction(actor, {
            userId: fields.userId,
            kind: intent,
            matchId: fields.where === 'room' ? fields.matchId : null,
            ...(fields.minutes !== undefined ? { minutes: fields.minutes } : {}),
            reason: fields.reason,
          });
          if (!result.ok) return refused(result);
          const what = intent === 'timeout' ? `Timed out for ${plural(fields.minutes ?? 0, 'minute')}` : 'Banned';
          const where = fields.where === 'room' ? 'in this room' : 'from all chat';
          // The reports that led here are acted on.
          const reports = optionalIds(fields.reportIds);
          if (reports.length > 0) await closeReports(actor, reports, 'resolved', `${what} ${where}`);
          return { ok: true, message: `${what} ${where}.` };
        }
        case 'lift': {
          const result = await chat.liftSanction(actor, (input as z.infer<typeof formSchemas.lift>).sanctionId);
          return result.ok
            ? { ok: true, message: `Lifted: ${result.sanction.user.displayName ?? 'the user'} may chat again.` }
            : refused(result);
        }
        case 'slow-mode': {
          const { matchId, seconds } = input as z.infer<(typeof formSchemas)['slow-mode']>;
          const result = await chat.setSlowMode(actor, matchId, seconds);
          if (!result.ok) return refused(result);
          return {
            ok: true,
            message:
              seconds === 0 ? 'Slow mode is off.' : `Slow mode: one message per ${plural(seconds, 'second')} per user.`,
          };
        }
        case 'close': {
          const { matchId, reason } = input as z.infer<typeof formSchemas.close>;
          const result = await chat.closeRoom(actor, matchId, reason || undefined);
          return result.ok
            ? { ok: true, message: result.changed ? 'Room closed: nobody can post.' : 'The room was already closed.' }
            : refused(result);
        }
        case 'reopen': {
          const result = await chat.reopenRoom(actor, (input as z.infer<typeof formSchemas.reopen>).matchId);
          return result.ok
            ? {
                ok: true,
                message: result.changed ? `Room reopened: it is ${result.room.state} now.` : 'The room was not closed.',
              }
            : refused(result);
        }
        case 'unpin': {
          const result = await chat.unpin(actor, (input as z.infer<typeof formSchemas.unpin>).matchId);
          return result.ok
            ? { ok: true, message: result.changed ? 'Message unpinned.' : 'Nothing was pinned.' }
            : refused(result);
        }
        default:
          return { ok: false, status: 400, message: 'Nothing was changed: unknown action.', fields: {} };
      }
    },
  };
}
