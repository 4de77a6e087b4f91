// Home's Following section (issue #19): for the teams, competitions and
// matches a visitor follows, each team's next match and last result, the
// competitions' names and the matches as they stand. Asked for by ids, since a
// guest's favourites live on the device; what the data does not know is left out.
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { pickNextAndLast } from '../../../domain/following.ts';
import type { Following } from '../../../domain/following-contracts.ts';
import { RESULT_OVERDUE_TIME_UNKNOWN_MS } from '../../../domain/match-status.ts';
import type { Clock } from '../../platform/clock.ts';
import type { FootballService } from './football.service.ts';
import { listMatchSummaries, listTeamsByIds } from './football.queries.ts';

export interface FollowingQuery {
  teams: readonly number[];
  competitions: readonly string[];
  matches: readonly number[];
}

/**
 * Matches read around now for each team. A team plays at most once a day, so a few either side hold its
 * next match and its last result, unless the data skips results for weeks (then it has no last result).
 */
const UPCOMING_READ = 6;
const RECENT_READ = 10;

export function createFollowingService(options: { db: Kysely<Database>; football: FootballService; clock: Clock }) {
  const { db, football, clock } = options;

  /** A team's matches around `now`: from the earliest that may still be to come (a date-only one), and before now. */
  async function teamMatchesAround(teamId: number, now: Date) {
    const [upcoming, recent] = await Promise.all([
      listMatchSummaries(db, { teamId, from: new Date(now.getTime() - RESULT_OVERDUE_TIME_UNKNOWN_MS), order: 'asc', limit: UPCOMING_READ }),
      listMatchSummaries(db, { teamId, to: now, order: 'desc', limit: RECENT_READ }),
    ]);
    return [...upcoming, ...recent];
  }

  return {
    async getFollowing(query: FollowingQuery): Promise<Following> {
      const now = clock.now();
      const [teams, competitions, matches] = await Promise.all([
        listTeamsByIds(db, [...query.teams]),
        query.competitions.length > 0 ? football.listCompetitions() : Promise.resolve([]),
        query.matches.length > 0 ? listMatchSummaries(db, { ids: [...query.matches] }) : Promise.resolve([]),
      ]);
      const known = query.teams.flatMap((id) => {
        const team = teams.get(id);
        return team ? [team] : [];
      });
      const byCode = new Map(competitions.map((competition) => [competition.code, competition]));
      return {
        teams: await Promise.all(
          known.map(async (team) => ({ team, ...pickNextAndLast(await teamMatchesAround(team.id, now), now) })),
        ),
        competitions: query.competitions.flatMap((code) => {
          const competition = byCode.get(code);
          return competition ? [{ code: competition.code, name: competition.name, areaName: competition.areaName }] : [];
        }),
        matches,
      };
    },
  };
}

export type FollowingService = ReturnType<typeof createFollowingService>;
