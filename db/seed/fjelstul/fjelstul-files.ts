// The shipped Fjelstul files, read and cross-checked: every id a row names must
// exist in its own file (a match's goals name a known match, team and player),
// so that a broken or mixed-up file stops the import before anything is written.
import path from 'node:path';
import { FjelstulFileError, readCsvFile } from './fjelstul-csv.ts';
import {
  appearanceSchema,
  bookingSchema,
  goalSchema,
  matchSchema,
  penaltyKickSchema,
  playerSchema,
  squadSchema,
  stadiumSchema,
  substitutionSchema,
  teamSchema,
  tournamentSchema,
  type AppearanceRow,
  type BookingRow,
  type GoalRow,
  type MatchRow,
  type PenaltyKickRow,
  type PlayerRow,
  type SquadRow,
  type StadiumRow,
  type SubstitutionRow,
  type TeamRow,
  type TournamentRow,
} from './fjelstul.schemas.ts';

/** Under DATA_DIR: the folder as shipped (NOTICE.md, README.upstream.md) and as `npm run data:fetch` writes it. */
export const FJELSTUL_FOLDER = 'fjelstul-worldcup';
export const FJELSTUL_CSV_FOLDER = 'data-csv';

export function fjelstulDir(dataDir: string): string {
  return path.join(dataDir, FJELSTUL_FOLDER);
}

/** The 13 files shipped (NOTICE.md); the importer reads 11, the tests check the standings files. */
export const FJELSTUL_FILES = [
  'tournaments.csv',
  'teams.csv',
  'players.csv',
  'stadiums.csv',
  'matches.csv',
  'goals.csv',
  'bookings.csv',
  'substitutions.csv',
  'penalty_kicks.csv',
  'player_appearances.csv',
  'squads.csv',
  'group_standings.csv',
  'tournament_standings.csv',
] as const;

/** Everything of one match, in file order. */
export interface FjelstulMatch {
  match: MatchRow;
  goals: GoalRow[];
  bookings: BookingRow[];
  substitutions: SubstitutionRow[];
  penaltyKicks: PenaltyKickRow[];
  appearances: AppearanceRow[];
}

export interface FjelstulData {
  tournaments: TournamentRow[];
  teams: Map<string, TeamRow>;
  players: Map<string, PlayerRow>;
  stadiums: Map<string, StadiumRow>;
  /** By tournament id, each tournament's matches in file order (which is date order). */
  matches: Map<string, FjelstulMatch[]>;
  squads: SquadRow[];
}

function byId<T, K extends keyof T>(file: string, rows: T[], key: K): Map<T[K], T> {
  const map = new Map<T[K], T>();
  for (const row of rows) {
    if (map.has(row[key])) throw new FjelstulFileError(`${file}: ${String(row[key])} is listed twice`);
    map.set(row[key], row);
  }
  return map;
}

export function readFjelstulData(dataDir: string): FjelstulData {
  const dir = path.join(fjelstulDir(dataDir), FJELSTUL_CSV_FOLDER);
  const tournaments = readCsvFile(dir, 'tournaments.csv', tournamentSchema);
  const teams = byId('teams.csv', readCsvFile(dir, 'teams.csv', teamSchema), 'team_id');
  const players = byId('players.csv', readCsvFile(dir, 'players.csv', playerSchema), 'player_id');
  const stadiums = byId('stadiums.csv', readCsvFile(dir, 'stadiums.csv', stadiumSchema), 'stadium_id');
  const matchRows = readCsvFile(dir, 'matches.csv', matchSchema);
  const goals = readCsvFile(dir, 'goals.csv', goalSchema);
  const bookings = readCsvFile(dir, 'bookings.csv', bookingSchema);
  const substitutions = readCsvFile(dir, 'substitutions.csv', substitutionSchema);
  const penaltyKicks = readCsvFile(dir, 'penalty_kicks.csv', penaltyKickSchema);
  const appearances = readCsvFile(dir, 'player_appearances.csv', appearanceSchema);
  const squads = readCsvFile(dir, 'squads.csv', squadSchema);

  const tournamentIds = byId('tournaments.csv', tournaments, 'tournament_id');
  const requireKnown = (file: string, what: string, value: string, known: { has(key: string): boolean }) => {
    if (!known.has(value)) throw new FjelstulFileError(`${file}: unknown ${what} ${value}`);
  };

  const matches = new Map<string, FjelstulMatch[]>();
  const matchById = new Map<string, FjelstulMatch>();
  for (const match of matchRows) {
    requireKnown('matches.csv', 'tournament', match.tournament_id, tournamentIds);
    requireKnown('matches.csv', 'team', match.home_team_id, teams);
    requireKnown('matches.csv', 'team', match.away_team_id, teams);
    requireKnown('matches.csv', 'stadium', match.stadium_id, stadiums);
    if (match.home_team_id === match.away_team_id)
      throw new FjelstulFileError(`matches.csv: ${match.match_id} has the same team on both sides`);
    if (matchById.has(match.match_id)) throw new FjelstulFileError(`matches.csv: ${match.match_id} is listed twice`);
    const entry: FjelstulMatch = {
      match,
      goals: [],
      bookings: [],
      substitutions: [],
      penaltyKicks: [],
      appearances: [],
    };
    matchById.set(match.match_id, entry);
    const list = matches.get(match.tournament_id) ?? [];
    list.push(entry);
    matches.set(match.tournament_id, list);
  }

  /** Attaches each row to its match, checking that its team played in it and its player exists. */
  const attach = <T extends { match_id: string; team_id: string; player_id: string }>(
    file: string,
    rows: T[],
    list: (entry: FjelstulMatch) => T[],
  ) => {
    for (const row of rows) {
      const entry = matchById.get(row.match_id);
      if (!entry) throw new FjelstulFileError(`${file}: unknown match ${row.match_id}`);
      if (row.team_id !== entry.match.home_team_id && row.team_id !== entry.match.away_team_id)
        throw new FjelstulFileError(`${file}: team ${row.team_id} did not play in ${row.match_id}`);
      requireKnown(file, 'player', row.player_id, players);
      list(entry).push(row);
    }
  };
  attach('goals.csv', goals, (entry) => entry.goals);
  attach('bookings.csv', bookings, (entry) => entry.bookings);
  attach('substitutions.csv', substitutions, (entry) => entry.substitutions);
  attach('penalty_kicks.csv', penaltyKicks, (entry) => entry.penaltyKicks);
  attach('player_appearances.csv', appearances, (entry) => entry.appearances);
  for (const goal of goals) {
    const { match } = matchById.get(goal.match_id) as FjelstulMatch;
    if (goal.player_team_id !== match.home_team_id && goal.player_team_id !== match.away_team_id)
      throw new FjelstulFileError(`goals.csv: ${goal.goal_id}'s scorer plays for a team not in ${goal.match_id}`);
  }
  for (const row of squads) {
    requireKnown('squads.csv', 'tournament', row.tournament_id, tournamentIds);
    requireKnown('squads.csv', 'team', row.team_id, teams);
    requireKnown('squads.csv', 'player', row.player_id, players);
  }
  return { tournaments, teams, players, stadiums, matches, squads };
}
