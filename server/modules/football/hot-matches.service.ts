// The hot list of a day (issue #5) with staff pins (issue #20): what
// /hot-match-today and home's hot section show. Pins come first, in the order
// staff gave them, each with its optional label ("Derby", "Final"); the
// automatic choice fills the rest as it always has (domain/hot-matches.ts).
//
// When a pin shows (docs/decisions/021-hot-match-pins-and-site-settings.md):
// on its match's day as each visitor lives it, and while the match is live; a
// pin can be set days ahead and simply waits, and a pin whose day has passed
// stays in the CMS's list, marked over, until someone unpins it. Postponed and
// cancelled matches show nowhere.
//
// Pins are read from the database on every render of a hot list (one small
// query): a new pin is on the next page served, on every node, once the
// shared page cache's copy (1 s) has expired — nothing to invalidate.
//
// The writes take the caller's transaction: the CMS records its audit entry in
// the same one (server/modules/cms/cms-hot-matches.service.ts).
import type { Kysely } from 'kysely';
import type { DatabaseEngine } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import type { Competition, MatchSummary } from '../../../domain/football-contracts.ts';
import { isPinShown, mergeHotList, rankHotMatches, type HotList, type HotPin } from '../../../domain/hot-matches.ts';
import { isLive } from '../../../domain/match-status.ts';
import { utcRangeOfLocalDay } from '../../../domain/time-zones.ts';
import type { FootballService } from './football.service.ts';
import { listMatchSummaries } from './football.queries.ts';
import {
  deletePin,
  findMatchIdsToPin,
  insertPin,
  listPins,
  lockPins,
  renumberPins,
  setPinLabel,
  type PinRow,
} from './hot-matches.queries.ts';

type Db = Kysely<Database>;

/** More pins than this crowd out the automatic choice everywhere: the CMS refuses the next one. */
export const MAX_PINS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** What the CMS's match search lists at most. */
const SEARCH_LIMIT = 30;
/** Without a date, the search looks this far ahead (from yesterday, for zones still living it). */
const SEARCH_AHEAD_DAYS = 30;

/** Where a pin stands for the CMS, in UTC (staff times are UTC): shown today, waiting for its day, over, or off. */
export type PinState = 'showing' | 'upcoming' | 'over' | 'off';

export interface PinnedMatch {
  matchId: number;
  position: number;
  label: string | null;
  pinnedBy: number;
  pinnedAt: string;
  state: PinState;
  match: MatchSummary;
}

/** A pin's fields as the audit log keeps them. */
export interface PinValues {
  position: number;
  label: string | null;
}

export type PinFailure = { ok: false; code: 'not_found' | 'conflict'; message: string };
export type PinWrite = { ok: true; fixture: string; before: PinValues | null; after: PinValues | null } | PinFailure;

export interface HotListQuery {
  /** The visitor's day (YYYY-MM-DD) in `timeZone`. */
  date: string;
  timeZone: string;
  limit: number;
  /** Rank clashes near the top of a league table higher (reads each league's table: the hot page does, home does not). */
  tablePositions?: boolean;
  /** The day's matches and the competitions, when the caller has read them already (home). */
  dayMatches?: MatchSummary[];
  competitions?: Competition[];
}

export interface HotMatchesService {
  /** The day's hot list: pins shown that day first, then the automatic choice, `limit` in all. */
  listHotMatches(query: HotListQuery): Promise<HotList>;
  /** Every pin, in order, with its match and where it stands at `now` (for the CMS). */
  listPins(now: Date): Promise<PinnedMatch[]>;
  /**
   * Matches to pin, earliest first: of the teams or competitions `text` names (any, when empty), on `date`
   * (a UTC day) or, without one, from yesterday to a month ahead.
   */
  searchMatches(query: { text: string; date: string | null }, now: Date): Promise<MatchSummary[]>;
  /** Pins a match at `position` (1 = first; the end when absent). In the caller's transaction. */
  pin(trx: Db, input: { matchId: number; label: string | null; position?: number; by: number; at: Date }): Promise<PinWrite>;
  /** Moves a pin to `position` (clamped to the list) and/or gives it a new label (null: none). */
  update(trx: Db, matchId: number, change: { label?: string | null; position?: number }, at: Date): Promise<PinWrite>;
  unpin(trx: Db, matchId: number, at: Date): Promise<PinWrite>;
}

export const fixtureOf = (match: MatchSummary) => `${match.home.name} v ${match.away.name}, ${match.kickoffAt.slice(0, 10)}`;

/** Where a pin stands at `now` on the UTC day (the CMS's clock; visitors' days differ by their zone). */
export function pinState(match: MatchSummary, now: Date): PinState {
  if (match.status === 'postponed' || match.status === 'cancelled') return 'off';
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const end = new Date(start.getTime() + DAY_MS);
  if (isPinShown(match, start, end)) return 'showing';
  return Date.parse(match.kickoffAt) >= end.getTime() ? 'upcoming' : 'over';
}

const NOT_PINNED: PinFailure = { ok: false, code: 'not_found', message: 'This match is not pinned' };

export function createHotMatchesService(deps: {
  db: Db;
  engine: DatabaseEngine;
  football: Pick<FootballService, 'listMatchesOnDay' | 'listCompetitions' | 'getStandings' | 'search'>;
}): HotMatchesService {
  const { db, engine, football } = deps;

  /** League positions of the teams, for the leagues (not cups) playing in `matches`. */
  async function leaguePositions(matches: readonly MatchSummary[], competitions: readonly Competition[]) {
    const leagues = new Set(competitions.filter((competition) => competition.kind === 'league').map((competition) => competition.code));
    const seasons = new Map<string, string>();
    for (const match of matches) if (leagues.has(match.competition.code)) seasons.set(match.competition.code, match.season);
    const positions = new Map<string, Map<number, number>>();
    await Promise.all(
      [...seasons].map(async ([code, season]) => {
        try {
          const table = await football.getStandings({ code, season });
          positions.set(code, new Map(table.rows.map((row) => [row.team.id, row.position])));
        } catch (error) {
          if (!(error instanceof Error && error.name === 'NotFoundError')) throw error;
        }
      }),
    );
    return positions;
  }

  /** The pins with their matches (a pin whose match the lists do not show — an on-demand replay — is left out). */
  async function withMatches(rows: readonly PinRow[], known: readonly MatchSummary[] = []) {
    const byId = new Map(known.map((match) => [match.id, match]));
    const missing = rows.map((row) => row.matchId).filter((id) => !byId.has(id));
    if (missing.length > 0) for (const match of await listMatchSummaries(db, { ids: missing, replays: 'demo' })) byId.set(match.id, match);
    return rows.flatMap((row) => {
      const match = byId.get(row.matchId);
      return match ? [{ row, match }] : [];
    });
  }

  async function readForWrite(trx: Db) {
    await lockPins(trx, engine);
    return listPins(trx);
  }

  return {
    async listHotMatches(query) {
      const { start, end } = utcRangeOfLocalDay(query.date, query.timeZone);
      const [dayMatches, competitions, pinRows] = await Promise.all([
        query.dayMatches ?? football.listMatchesOnDay(query.date, query.timeZone),
        query.competitions ?? football.listCompetitions(),
        listPins(db),
      ]);
      const pins: HotPin[] = (await withMatches(pinRows, dayMatches))
        .filter(({ match }) => isPinShown(match, start, end))
        .map(({ row, match }) => ({ match, label: row.label }));
      const positions = query.tablePositions ? await leaguePositions(dayMatches, competitions) : new Map();
      const order = competitions.map((competition) => competition.code);
      const automatic = rankHotMatches(dayMatches, order, positions, query.limit + pins.length);
      return mergeHotList(pins, automatic, query.limit);
    },

    async listPins(now) {
      return (await withMatches(await listPins(db))).map(({ row, match }) => ({ ...row, state: pinState(match, now), match }));
    },

    async searchMatches({ text, date }, now) {
      const from = date
        ? new Date(`${date}T00:00:00Z`)
        : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - DAY_MS);
      const to = new Date(from.getTime() + (date ? 1 : SEARCH_AHEAD_DAYS + 1) * DAY_MS);
      let teamIds: number[] = [];
      let competitionCodes: string[] = [];
      if (text.trim() !== '') {
        const hits = await football.search(text, 5);
        teamIds = hits.teams.slice(0, 3).map((team) => team.id);
        competitionCodes = hits.competitions.slice(0, 3).map((competition) => competition.code);
        if (teamIds.length === 0 && competitionCodes.length === 0) return [];
      }
      const ids = await findMatchIdsToPin(db, { teamIds, competitionCodes, from, to, limit: SEARCH_LIMIT });
      const matches = await listMatchSummaries(db, { ids, replays: 'demo' });
      return matches.sort((a, b) => (a.kickoffAt < b.kickoffAt ? -1 : a.kickoffAt > b.kickoffAt ? 1 : a.id - b.id));
    },

    async pin(trx, input) {
      const pins = await readForWrite(trx);
      const [match] = await listMatchSummaries(trx, { ids: [input.matchId], replays: 'demo' });
      if (!match) return { ok: false, code: 'not_found', message: 'There is no match with this id on the site' };
      if (pins.some((pin) => pin.matchId === input.matchId)) return { ok: false, code: 'conflict', message: 'This match is pinned already' };
      if (pins.length >= MAX_PINS) {
        return { ok: false, code: 'conflict', message: `There are ${MAX_PINS} pins already: unpin one first (those marked over can go)` };
      }
      if (pinState(match, input.at) === 'off') {
        return { ok: false, code: 'conflict', message: `This match is ${match.status}: it is not shown on the hot lists` };
      }
      // A visitor west of UTC may still be living yesterday: a match of yesterday can still be pinned.
      const yesterday = new Date(Date.UTC(input.at.getUTCFullYear(), input.at.getUTCMonth(), input.at.getUTCDate()) - DAY_MS);
      if (!isLive(match.status) && Date.parse(match.kickoffAt) < yesterday.getTime()) {
        return { ok: false, code: 'conflict', message: 'This match was played before yesterday: a pin shows only on its match day. Pin a match of today or to come' };
      }
      const order = pins.map((pin) => pin.matchId);
      const position = Math.min(Math.max(input.position ?? order.length + 1, 1), order.length + 1);
      await insertPin(trx, { matchId: input.matchId, position, label: input.label, by: input.by, at: input.at });
      order.splice(position - 1, 0, input.matchId);
      await renumberPins(trx, [...pins, { matchId: input.matchId, position, label: input.label, pinnedBy: input.by, pinnedAt: '' }], order, input.at);
      return { ok: true, fixture: fixtureOf(match), before: null, after: { position, label: input.label } };
    },

    async update(trx, matchId, change, at) {
      const pins = await readForWrite(trx);
      const index = pins.findIndex((pin) => pin.matchId === matchId);
      const pin = pins[index];
      if (!pin) return NOT_PINNED;
      const [match] = await listMatchSummaries(trx, { ids: [matchId], replays: 'all' });
      const before = { position: index + 1, label: pin.label };
      const after = { ...before };
      if (change.position !== undefined) {
        const order = pins.map((other) => other.matchId).filter((id) => id !== matchId);
        after.position = Math.min(Math.max(change.position, 1), pins.length);
        order.splice(after.position - 1, 0, matchId);
        await renumberPins(trx, pins, order, at);
      }
      if (change.label !== undefined && change.label !== pin.label) {
        after.label = change.label;
        await setPinLabel(trx, matchId, change.label, at);
      }
      return { ok: true, fixture: match ? fixtureOf(match) : `match ${matchId}`, before, after };
    },

    async unpin(trx, matchId, at) {
      const pins = await readForWrite(trx);
      const index = pins.findIndex((pin) => pin.matchId === matchId);
      const pin = pins[index];
      if (!pin) return NOT_PINNED;
      const [match] = await listMatchSummaries(trx, { ids: [matchId], replays: 'all' });
      await deletePin(trx, matchId);
      const rest = pins.filter((other) => other.matchId !== matchId);
      await renumberPins(trx, rest, rest.map((other) => other.matchId), at);
      return { ok: true, fixture: match ? fixtureOf(match) : `match ${matchId}`, before: { position: index + 1, label: pin.label }, after: null };
    },
  };
}
