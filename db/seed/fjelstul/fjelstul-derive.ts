// Pure rules that turn one Fjelstul match into what we store: its place in the
// tournament (stage, round, group), its scores, its timeline (goals, cards,
// substitutions, shoot-out kicks in order) and its line-ups. Ids stay
// Fjelstul's here (T-…, P-…); the step maps them to local rows.
import type { FjelstulMatch } from './fjelstul-files.ts';
import type { MatchPeriod, MatchRow, StageName, SubstitutionRow } from './fjelstul.schemas.ts';

export type Period = '1H' | '2H' | 'E1' | 'E2' | 'P';

const PERIODS: Readonly<Record<MatchPeriod, Period>> = {
  'first half': '1H',
  'first half, stoppage time': '1H',
  'second half': '2H',
  'second half, stoppage time': '2H',
  'extra time, first half': 'E1',
  'extra time, first half, stoppage time': 'E1',
  'extra time, second half': 'E2',
  'extra time, second half, stoppage time': 'E2',
};
const PERIOD_ORDER: Readonly<Record<Period, number>> = { '1H': 0, '2H': 1, E1: 2, E2: 3, P: 4 };

/** Stage names as the other importers write them (openfootball README, "Stages"). */
const STAGES: Readonly<Record<StageName, string>> = {
  'group stage': 'Group stage',
  'second group stage': 'Second group stage',
  'final round': 'Final round',
  'round of 16': 'Round of 16',
  'quarter-finals': 'Quarter-finals',
  'semi-finals': 'Semi-finals',
  'third-place match': 'Third place',
  final: 'Final',
};

export interface Placement {
  stage: string;
  round: string;
  group: string | null;
}

/**
 * Stage, round and group of every match of one tournament (matches in date order).
 * Group-format stages (groups, the 1950 final round, the second group stages of
 * 1974–1982): "Matchday N", N being the teams' Nth match of that stage; a second
 * meeting of two teams in one group is the group's play-off (1954, 1958).
 * Knockout rounds: the stage's name, "<stage> replay" for a replayed match (1934, 1938).
 * Second-stage groups are lettered (README.upstream.md, "Tournament formats"; so
 * are group_standings.csv's), but matches.csv numbers 1982's "Group 1"–"Group 4":
 * read as "Group A"–"Group D".
 */
export function placeTournament(matches: readonly MatchRow[]): Map<string, Placement> {
  const placements = new Map<string, Placement>();
  const groupName = (match: MatchRow) => {
    const numbered = /^Group (\d)$/.exec(match.group_name ?? '');
    if (match.stage_name !== 'second group stage' || !numbered) return match.group_name;
    return `Group ${String.fromCharCode(64 + Number(numbered[1]))}`;
  };
  const played = new Map<string, number>();
  const met = new Set<string>();
  for (const match of matches) {
    const stage = STAGES[match.stage_name];
    if (!match.group_stage) {
      placements.set(match.match_id, { stage, round: match.replay ? `${stage} replay` : stage, group: null });
      continue;
    }
    const group = groupName(match);
    const scope = `${match.stage_name}|${group ?? ''}`;
    const pair = `${scope}|${[match.home_team_id, match.away_team_id].sort().join('|')}`;
    let round: string;
    if (met.has(pair)) round = 'Play-off';
    else {
      const home = played.get(`${scope}|${match.home_team_id}`) ?? 0;
      const away = played.get(`${scope}|${match.away_team_id}`) ?? 0;
      round = `Matchday ${Math.max(home, away) + 1}`;
      played.set(`${scope}|${match.home_team_id}`, home + 1);
      played.set(`${scope}|${match.away_team_id}`, away + 1);
      met.add(pair);
    }
    placements.set(match.match_id, { stage, round, group });
  }
  return placements;
}

export interface DerivedScore {
  home: number;
  away: number;
  htHome: number;
  htAway: number;
  /** After extra time, when it was played (equal to home/away). */
  etHome: number | null;
  etAway: number | null;
  penHome: number | null;
  penAway: number | null;
}

export type EventType =
  | 'goal'
  | 'own_goal'
  | 'penalty_goal'
  | 'yellow_card'
  | 'second_yellow'
  | 'red_card'
  | 'substitution'
  | 'shootout_goal'
  | 'shootout_miss';

export interface EventDraft {
  seq: number;
  period: Period;
  minute: number;
  addedMinute: number | null;
  type: EventType;
  /** The team the event belongs to: for a goal, the team it counts for. */
  teamId: string;
  /** Scorer (for an own goal, a player of the other team), booked player, player coming on, penalty taker. */
  playerId: string | null;
  /** The player going off, for a substitution. */
  relatedPlayerId: string | null;
}

export interface LineupDraft {
  teamId: string;
  playerId: string;
  shirtNumber: number | null;
  /** The database's position code: GK, DF, MF, FW before 2002-ish, then CB, LB, DM, CF … */
  position: string;
  starter: boolean;
  captain: boolean;
}

export interface DerivedMatch {
  score: DerivedScore;
  events: EventDraft[];
  lineups: LineupDraft[];
  /** Data problems met (logged by the step). */
  notes: string[];
}

interface Timed {
  minute_regulation: number;
  minute_stoppage: number;
  match_period: MatchPeriod;
}

function timeOf(row: Timed): Pick<EventDraft, 'period' | 'minute' | 'addedMinute'> {
  return {
    period: PERIODS[row.match_period],
    minute: row.minute_regulation,
    addedMinute: row.minute_stoppage > 0 ? row.minute_stoppage : null,
  };
}

const KIND_ORDER: Readonly<Record<string, number>> = { goal: 0, card: 1, substitution: 2 };

export function deriveMatch(entry: FjelstulMatch): DerivedMatch {
  const { match } = entry;
  const notes: string[] = [];
  const label = `${entry.match.match_id}`;
  const drafts: Array<{ event: Omit<EventDraft, 'seq'>; kind: string; order: number }> = [];

  for (const [order, goal] of entry.goals.entries()) {
    drafts.push({
      kind: 'goal',
      order,
      event: {
        ...timeOf(goal),
        type: goal.own_goal ? 'own_goal' : goal.penalty ? 'penalty_goal' : 'goal',
        teamId: goal.team_id,
        playerId: goal.player_id,
        relatedPlayerId: null,
      },
    });
  }
  for (const [order, booking] of entry.bookings.entries()) {
    const type = booking.second_yellow_card
      ? 'second_yellow'
      : booking.red_card
        ? 'red_card'
        : booking.yellow_card
          ? 'yellow_card'
          : undefined;
    if (type === undefined) {
      notes.push(`${label}: booking ${booking.booking_id} is neither a yellow nor a red card; skipped`);
      continue;
    }
    drafts.push({
      kind: 'card',
      order,
      event: { ...timeOf(booking), type, teamId: booking.team_id, playerId: booking.player_id, relatedPlayerId: null },
    });
  }
  for (const [order, substitution] of pairSubstitutions(entry.substitutions, notes, label).entries()) {
    drafts.push({ kind: 'substitution', order, event: substitution });
  }
  drafts.sort(
    (a, b) =>
      PERIOD_ORDER[a.event.period] - PERIOD_ORDER[b.event.period] ||
      a.event.minute - b.event.minute ||
      (a.event.addedMinute ?? 0) - (b.event.addedMinute ?? 0) ||
      (KIND_ORDER[a.kind] ?? 0) - (KIND_ORDER[b.kind] ?? 0) ||
      a.order - b.order,
  );
  const events: EventDraft[] = drafts.map((draft, index) => ({ seq: index + 1, ...draft.event }));
  for (const kick of orderShootout(entry, notes, label)) events.push({ seq: events.length + 1, ...kick });

  const count = (side: string, period?: Period) =>
    entry.goals.filter(
      (goal) => goal.team_id === side && (period === undefined || PERIODS[goal.match_period] === period),
    ).length;
  const homeGoals = count(match.home_team_id);
  const awayGoals = count(match.away_team_id);
  if (homeGoals !== match.home_team_score || awayGoals !== match.away_team_score)
    notes.push(
      `${label}: goals listed ${homeGoals}–${awayGoals}, score ${match.home_team_score}–${match.away_team_score}; the score is kept`,
    );
  const score: DerivedScore = {
    home: match.home_team_score,
    away: match.away_team_score,
    htHome: count(match.home_team_id, '1H'),
    htAway: count(match.away_team_id, '1H'),
    etHome: match.extra_time ? match.home_team_score : null,
    etAway: match.extra_time ? match.away_team_score : null,
    penHome: match.penalty_shootout ? match.home_team_score_penalties : null,
    penAway: match.penalty_shootout ? match.away_team_score_penalties : null,
  };

  const lineups: LineupDraft[] = entry.appearances.map((row) => ({
    teamId: row.team_id,
    playerId: row.player_id,
    shirtNumber: row.shirt_number > 0 ? row.shirt_number : null,
    position: row.position_code,
    starter: row.starter,
    captain: row.captain,
  }));
  return { score, events, lineups, notes };
}

type Substitution = Omit<EventDraft, 'seq'>;

/**
 * substitutions.csv has one row per player: the one going off and the one coming
 * on, at the same minute. Within a team, each player coming on is paired with a
 * player going off at the same minute (in file order); what is left is paired in
 * file order across minutes (the two rows of one change written a few minutes
 * apart). One row flags a player both coming on and going off (Al-Abed, Argentina
 * v Saudi Arabia 2022): he came on at its minute and went off at a minute not
 * given, so he is the one a later unpaired entry replaced.
 */
export function pairSubstitutions(rows: readonly SubstitutionRow[], notes: string[], label: string): Substitution[] {
  const changes: Substitution[] = [];
  const teams = [...new Set(rows.map((row) => row.team_id))];
  for (const team of teams) {
    const own = rows.filter((row) => row.team_id === team);
    const ons = own.filter((row) => row.coming_on);
    const offs = own.filter((row) => row.going_off && !row.coming_on);
    const offAtUnknownMinute = own.filter((row) => row.going_off && row.coming_on);
    const used = new Set<SubstitutionRow>();
    const unpairedOns: SubstitutionRow[] = [];
    for (const on of ons) {
      const off = offs.find((row) => !used.has(row) && row.minute_label === on.minute_label);
      if (off) {
        used.add(off);
        changes.push(substitution(on, on, off));
      } else unpairedOns.push(on);
    }
    const unpairedOffs = [...offs.filter((row) => !used.has(row)), ...offAtUnknownMinute];
    for (const [index, on] of unpairedOns.entries()) {
      const off = unpairedOffs[index];
      if (off) {
        notes.push(
          `${label}: ${on.player_id} on at ${on.minute_label} paired with ${off.player_id} off (listed at ${off.minute_label})`,
        );
        changes.push(substitution(on, on, off));
      } else {
        notes.push(`${label}: ${on.player_id} came on at ${on.minute_label} for a player the data does not name`);
        changes.push(substitution(on, on, undefined));
      }
    }
    for (const off of unpairedOffs.slice(unpairedOns.length)) {
      if (off.coming_on) continue; // his coming on is already a change; his going off has no minute
      notes.push(`${label}: ${off.player_id} went off at ${off.minute_label} for a player the data does not name`);
      changes.push(substitution(off, undefined, off));
    }
  }
  return changes;
}

function substitution(
  time: SubstitutionRow,
  on: SubstitutionRow | undefined,
  off: SubstitutionRow | undefined,
): Substitution {
  return {
    ...timeOf(time),
    type: 'substitution',
    teamId: time.team_id,
    playerId: on?.player_id ?? null,
    relatedPlayerId: off?.player_id ?? null,
  };
}

/**
 * penalty_kicks.csv lists a shoot-out team by team, so who kicked first is not
 * in the data: kicks alternate, starting with the team that took more kicks (it
 * must have gone first), else with the home team. Kicks are period "P" at
 * minute 120, as the Wyscout import writes them.
 */
export function orderShootout(entry: FjelstulMatch, notes: string[], label: string): Substitution[] {
  const kicks = entry.penaltyKicks;
  if (kicks.length === 0) return [];
  const teams = [...new Set(kicks.map((kick) => kick.team_id))];
  const byTeam = teams.map((team) => kicks.filter((kick) => kick.team_id === team));
  const home = (list: typeof kicks) => (list[0]?.team_id === entry.match.home_team_id ? 0 : 1);
  byTeam.sort((a, b) => b.length - a.length || home(a) - home(b));
  const ordered: Substitution[] = [];
  const longest = byTeam[0]?.length ?? 0;
  for (let round = 0; round < longest; round += 1) {
    for (const list of byTeam) {
      const kick = list[round];
      if (!kick) continue;
      ordered.push({
        period: 'P',
        minute: 120,
        addedMinute: null,
        type: kick.converted ? 'shootout_goal' : 'shootout_miss',
        teamId: kick.team_id,
        playerId: kick.player_id,
        relatedPlayerId: null,
      });
    }
  }
  const { match } = entry;
  const scored = (team: string) => kicks.filter((kick) => kick.team_id === team && kick.converted).length;
  if (
    !match.penalty_shootout ||
    scored(match.home_team_id) !== match.home_team_score_penalties ||
    scored(match.away_team_id) !== match.away_team_score_penalties
  ) {
    notes.push(
      `${label}: shoot-out kicks ${scored(match.home_team_id)}–${scored(match.away_team_id)} do not match the shoot-out score ${match.home_team_score_penalties}–${match.away_team_score_penalties}`,
    );
  }
  return ordered;
}
