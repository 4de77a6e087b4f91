// The results the odds benchmark reads, through the project's own importers' parsers: openfootball league
// files (db/seed/openfootball: the zod file schema, the season-date fix and the result rules) and the Wyscout
// matches with their goals and red cards (db/seed/wyscout: the file schemas and deriveMatch).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { MatchResult } from '../../domain/odds/dixon-coles.ts';
import type { MatchEventForOdds } from '../../domain/odds/in-play.ts';
import { fixSeasonDate, leagueSeason, readResult } from '../../db/seed/openfootball/normalize.ts';
import { matchFileSchema } from '../../db/seed/openfootball/openfootball.schemas.ts';
import { readJson } from '../../db/seed/openfootball/sources.ts';
import { deriveMatch, sidesOf } from '../../db/seed/wyscout/wyscout-derive.ts';
import {
  readWyscoutMatches,
  readWyscoutMatchFile,
  readWyscoutTeams,
  WYSCOUT_COMPETITIONS,
  wyscoutDir,
} from '../../db/seed/wyscout/wyscout-files.ts';

export interface LeagueResult extends MatchResult {
  season: string;
  competition: string;
}

/** Seasons of football.json that hold `competition` ("en.1"), oldest first. */
export function seasonsOf(dataDir: string, competition: string): string[] {
  const root = path.join(dataDir, 'openfootball', 'football.json');
  return readdirSync(root)
    .filter((folder) => /^\d{4}(-\d{2})?$/.test(folder) && existsSync(path.join(root, folder, `${competition}.json`)))
    .sort();
}

/** Every competition code shipped in football.json, with its seasons. */
export function shippedLeagues(dataDir: string): Map<string, string[]> {
  const root = path.join(dataDir, 'openfootball', 'football.json');
  const leagues = new Map<string, string[]>();
  for (const folder of readdirSync(root).filter((name) => /^\d{4}(-\d{2})?$/.test(name))) {
    for (const file of readdirSync(path.join(root, folder)).filter((name) => name.endsWith('.json'))) {
      const code = file.slice(0, -'.json'.length);
      leagues.set(code, [...(leagues.get(code) ?? []), folder].sort());
    }
  }
  return leagues;
}

/**
 * The finished results of one competition-season (awarded, postponed and unplayed matches left out: an
 * awarded 0-2 is not a football score), in date order.
 */
export function readLeagueSeason(dataDir: string, competition: string, season: string): LeagueResult[] {
  const root = path.join(dataDir, 'openfootball');
  const file = `football.json/${season}/${competition}.json`;
  const label = leagueSeason(season);
  const { matches } = readJson(root, file, matchFileSchema);
  const results: LeagueResult[] = [];
  for (const match of matches) {
    const problems: string[] = [];
    const result = readResult(match.score, match.status, problems);
    if (result.status !== 'finished' || result.home === null || result.away === null) continue;
    const team = (name: typeof match.team1) => (typeof name === 'string' ? name : name.name);
    results.push({
      date: fixSeasonDate(match.date, label).date,
      home: team(match.team1),
      away: team(match.team2),
      homeGoals: result.home,
      awayGoals: result.away,
      season,
      competition,
    });
  }
  return results.sort((a, b) => a.date.localeCompare(b.date));
}

export interface ReplayMatch {
  competition: string;
  date: string;
  home: string;
  away: string;
  neutral: boolean;
  /** Goals and red cards in the 90 minutes, with the minute on the model's clock (see `clockPosition`). */
  events: (MatchEventForOdds & { position: number })[];
  /** The score after 90 minutes (extra time left out: the 1X2 market is on 90 minutes). */
  homeGoals: number;
  awayGoals: number;
}

/**
 * Where an event falls for the replay: its shown minute (a goal at 44:30 is 45'), first-half stoppage time
 * between 45 and 46, second-half stoppage after 90. An event counts at checkpoint m when its position ≤ m.
 */
function clockPosition(period: string, minute: number, addedMinute: number | null): number {
  if (addedMinute !== null && addedMinute > 0) return period === '1H' ? 45.5 : 90.5;
  return minute;
}

/** Every shipped Wyscout match (2017-18 Premier League, World Cup 2018, Euro 2016) with its goals and red cards. */
export function readWyscoutReplays(dataDir: string): ReplayMatch[] {
  const dir = wyscoutDir(dataDir);
  const names = new Map(readWyscoutTeams(dir).map((team) => [team.wyId, team.name]));
  const replays: ReplayMatch[] = [];
  for (const competition of WYSCOUT_COMPETITIONS) {
    for (const match of readWyscoutMatches(dir, competition)) {
      const file = readWyscoutMatchFile(dir, competition, match.wyId);
      const derived = deriveMatch(match, file.events);
      const { home, away } = sidesOf(match);
      const sideOf = (teamId: number | null) => (teamId === home.teamId ? 'home' : 'away') as 'home' | 'away';
      const events: ReplayMatch['events'] = [];
      for (const event of derived.keyEvents) {
        if (event.period !== '1H' && event.period !== '2H') continue;
        const position = clockPosition(event.period, event.minute, event.addedMinute);
        const minute = event.addedMinute ? event.minute + event.addedMinute : event.minute;
        if (event.type === 'goal' || event.type === 'penalty_goal' || event.type === 'own_goal')
          events.push({ kind: 'goal', side: sideOf(event.teamId), minute, position });
        else if (event.type === 'red_card' || event.type === 'second_yellow')
          events.push({ kind: 'red_card', side: sideOf(event.teamId), minute, position });
      }
      replays.push({
        competition: competition.key,
        date: match.dateutc.slice(0, 10),
        home: names.get(home.teamId) ?? String(home.teamId),
        away: names.get(away.teamId) ?? String(away.teamId),
        neutral: competition.competitionCode !== 'en.1',
        events: events.sort((a, b) => a.position - b.position),
        homeGoals: home.score,
        awayGoals: away.score,
      });
    }
  }
  return replays;
}
