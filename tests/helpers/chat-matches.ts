// Matches whose chat rooms are in each state of their window (issue #23; server/modules/chat), for chat
// tests: live now, kicking off within the hour, later today, finished 10 minutes ago, finished days ago.
import type { Kysely } from 'kysely';
import { ensureCompetition, ensureSeason } from '../../db/seed/seed-kit.ts';
import type { Database } from '../../db/schema.ts';
import { resolveTeam } from '../../db/teams.ts';
import { findCompetitionDefinition } from '../../domain/competitions.ts';
import { insertMatch } from './insert-match.ts';

const MINUTE = 60_000;

export interface ChatMatches {
  live: number;
  soon: number;
  later: number;
  justFinished: number;
  longFinished: number;
}

export async function insertChatMatches(db: Kysely<Database>, now = Date.now()): Promise<ChatMatches> {
  const definition = findCompetitionDefinition('en.1');
  if (!definition) throw new Error('en.1 missing from the catalogue');
  const competitionId = await ensureCompetition(db, definition);
  const seasonId = await ensureSeason(db, {
    competitionId,
    code: '2026-27',
    name: 'Premier League 2026/27',
    startDate: '2026-08-15',
    endDate: '2027-05-23',
    complete: false,
  });
  const home = await resolveTeam(db, { name: 'Arsenal FC', kind: 'club' });
  const away = await resolveTeam(db, { name: 'Chelsea FC', kind: 'club' });
  const at = (offsetMinutes: number) => new Date(now + offsetMinutes * MINUTE).toISOString();
  const add = (kickoff: number, status: string, clock: { phase: string; startedAt: number } | null = null) =>
    insertMatch(db, {
      season_id: seasonId,
      home_team_id: home,
      away_team_id: away,
      kickoff_at: at(kickoff),
      status,
      ...(status === 'scheduled' ? {} : { home_score: 1, away_score: 0 }),
      ...(clock ? { clock_phase: clock.phase, phase_started_at: at(clock.startedAt) } : {}),
    });
  return {
    live: await add(-30, 'live', { phase: '1H', startedAt: -30 }),
    soon: await add(45, 'scheduled'),
    later: await add(120, 'scheduled'),
    justFinished: await add(-120, 'finished', { phase: 'FT', startedAt: -10 }),
    longFinished: await add(-3 * 24 * 60, 'finished'),
  };
}
