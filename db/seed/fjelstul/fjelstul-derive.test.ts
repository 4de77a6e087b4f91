import { describe, expect, it } from 'vitest';
import { deriveMatch, pairSubstitutions, placeTournament } from './fjelstul-derive.ts';
import type { FjelstulMatch } from './fjelstul-files.ts';
import { hostTimeZone, kickoffUtc } from './fjelstul-kickoff.ts';
import type { MatchPeriod, MatchRow, SubstitutionRow } from './fjelstul.schemas.ts';

function match(values: Partial<MatchRow> & Pick<MatchRow, 'match_id' | 'home_team_id' | 'away_team_id'>): MatchRow {
  return {
    tournament_id: 'WC-2022',
    stage_name: 'final',
    group_name: null,
    group_stage: false,
    replayed: false,
    replay: false,
    match_date: '2022-12-18',
    match_time: '18:00',
    stadium_id: 'S-001',
    city_name: 'Lusail',
    country_name: 'Qatar',
    home_team_score: 0,
    away_team_score: 0,
    extra_time: false,
    penalty_shootout: false,
    home_team_score_penalties: 0,
    away_team_score_penalties: 0,
    ...values,
  };
}

const time = (minute: number, stoppage = 0, period: MatchPeriod = minute > 45 ? 'second half' : 'first half') => ({
  minute_regulation: minute,
  minute_stoppage: stoppage,
  match_period: period,
});

function substitution(
  player: string,
  team: string,
  label: string,
  flags: { off?: boolean; on?: boolean },
  minute = Number.parseInt(label, 10),
): SubstitutionRow {
  return {
    substitution_id: `S-${player}`,
    tournament_id: 'WC-2022',
    match_id: 'M-2022-01',
    team_id: team,
    player_id: player,
    minute_label: label,
    ...time(minute),
    going_off: flags.off ?? false,
    coming_on: flags.on ?? false,
  };
}

describe('placeTournament', () => {
  it('numbers group matchdays per team, marks a second meeting as the play-off, and names knockout rounds and replays', () => {
    const group = { stage_name: 'group stage' as const, group_stage: true, group_name: 'Group 2' };
    const placements = placeTournament([
      match({ match_id: 'M-1', home_team_id: 'A', away_team_id: 'B', ...group }),
      match({ match_id: 'M-2', home_team_id: 'C', away_team_id: 'D', ...group }),
      match({ match_id: 'M-3', home_team_id: 'A', away_team_id: 'C', ...group }),
      match({ match_id: 'M-4', home_team_id: 'B', away_team_id: 'A', ...group }),
      match({ match_id: 'M-5', home_team_id: 'E', away_team_id: 'F', stage_name: 'quarter-finals', replayed: true }),
      match({ match_id: 'M-6', home_team_id: 'E', away_team_id: 'F', stage_name: 'quarter-finals', replay: true }),
      match({ match_id: 'M-7', home_team_id: 'E', away_team_id: 'G', stage_name: 'third-place match' }),
    ]);
    expect(Object.fromEntries(placements)).toEqual({
      'M-1': { stage: 'Group stage', round: 'Matchday 1', group: 'Group 2' },
      'M-2': { stage: 'Group stage', round: 'Matchday 1', group: 'Group 2' },
      'M-3': { stage: 'Group stage', round: 'Matchday 2', group: 'Group 2' },
      'M-4': { stage: 'Group stage', round: 'Play-off', group: 'Group 2' },
      'M-5': { stage: 'Quarter-finals', round: 'Quarter-finals', group: null },
      'M-6': { stage: 'Quarter-finals', round: 'Quarter-finals replay', group: null },
      'M-7': { stage: 'Third place', round: 'Third place', group: null },
    });
  });
  it('letters second-stage groups that matches.csv numbers (1982)', () => {
    const second = { stage_name: 'second group stage' as const, group_stage: true };
    const placements = placeTournament([
      match({ match_id: 'M-1', home_team_id: 'A', away_team_id: 'B', ...second, group_name: 'Group 1' }),
      match({ match_id: 'M-2', home_team_id: 'C', away_team_id: 'D', ...second, group_name: 'Group B' }),
      match({
        match_id: 'M-3',
        home_team_id: 'E',
        away_team_id: 'F',
        stage_name: 'group stage',
        group_stage: true,
        group_name: 'Group 6',
      }),
    ]);
    expect([...placements.values()].map((placement) => placement.group)).toEqual(['Group A', 'Group B', 'Group 6']);
  });
});

describe('pairSubstitutions', () => {
  it('pairs players going off and coming on at the same minute, per team, in file order', () => {
    const notes: string[] = [];
    const changes = pairSubstitutions(
      [
        substitution('P-1', 'T-1', "69'", { off: true }),
        substitution('P-2', 'T-2', "69'", { off: true }),
        substitution('P-3', 'T-1', "69'", { on: true }),
        substitution('P-4', 'T-2', "69'", { on: true }),
        substitution('P-5', 'T-1', "90'+3'", { off: true }, 90),
        substitution('P-6', 'T-1', "90'+3'", { on: true }, 90),
      ],
      notes,
      'M',
    );
    expect(changes.map((change) => [change.teamId, change.playerId, change.relatedPlayerId, change.minute])).toEqual([
      ['T-1', 'P-3', 'P-1', 69],
      ['T-1', 'P-6', 'P-5', 90],
      ['T-2', 'P-4', 'P-2', 69],
    ]);
    expect(notes).toEqual([]);
  });

  it('pairs what is left across minutes, a player who came on and went off included, and keeps unpaired rows', () => {
    const notes: string[] = [];
    const changes = pairSubstitutions(
      [
        // Argentina v Saudi Arabia 2022: Al-Abed came on at 45+4 and went off later, at a minute not given.
        substitution('P-faraj', 'T-61', "45'+4'", { off: true }, 45),
        substitution('P-abed', 'T-61', "45'+4'", { off: true, on: true }, 45),
        substitution('P-buraikan', 'T-61', "89'", { off: true }),
        substitution('P-amri', 'T-61', "89'", { on: true }),
        substitution('P-asiri', 'T-61', "89'", { on: true }),
        // Italy v Netherlands 1978: the two rows of one change written five minutes apart.
        substitution('P-graziani', 'T-39', "72'", { on: true }),
        substitution('P-benetti', 'T-39', "77'", { off: true }),
        substitution('P-lonely', 'T-39', "80'", { on: true }),
      ],
      notes,
      'M',
    );
    expect(changes.map((change) => [change.playerId, change.relatedPlayerId, change.minute])).toEqual([
      ['P-abed', 'P-faraj', 45],
      ['P-amri', 'P-buraikan', 89],
      ['P-asiri', 'P-abed', 89],
      ['P-graziani', 'P-benetti', 72],
      ['P-lonely', null, 80],
    ]);
    expect(notes).toHaveLength(3);
  });
});

describe('deriveMatch', () => {
  const final: FjelstulMatch = {
    match: match({
      match_id: 'M-2022-64',
      home_team_id: 'ARG',
      away_team_id: 'FRA',
      home_team_score: 3,
      away_team_score: 3,
      extra_time: true,
      penalty_shootout: true,
      home_team_score_penalties: 4,
      away_team_score_penalties: 2,
    }),
    goals: [
      [23, 0, 'first half', 'ARG', 'messi', true],
      [36, 0, 'first half', 'ARG', 'di-maria', false],
      [80, 0, 'second half', 'FRA', 'mbappe', true],
      [81, 0, 'second half', 'FRA', 'mbappe', false],
      [108, 0, 'extra time, second half', 'ARG', 'messi', false],
      [118, 0, 'extra time, second half', 'FRA', 'mbappe', true],
    ].map(([minute, stoppage, period, team, player, penalty], index) => ({
      goal_id: `G-${index}`,
      tournament_id: 'WC-2022',
      match_id: 'M-2022-64',
      team_id: team as string,
      player_id: player as string,
      player_team_id: team as string,
      minute_regulation: minute as number,
      minute_stoppage: stoppage as number,
      match_period: period as MatchPeriod,
      own_goal: false,
      penalty: penalty as boolean,
    })),
    bookings: [
      {
        booking_id: 'B-1',
        tournament_id: 'WC-2022',
        match_id: 'M-2022-64',
        team_id: 'ARG',
        player_id: 'fernandez',
        ...time(45, 7, 'first half, stoppage time'),
        yellow_card: true,
        red_card: false,
        second_yellow_card: false,
        sending_off: false,
      },
    ],
    substitutions: [
      substitution('dembele', 'FRA', "41'", { off: true }),
      substitution('kolo-muani', 'FRA', "41'", { on: true }),
    ],
    penaltyKicks: [
      ['ARG', 'messi', true],
      ['ARG', 'dybala', true],
      ['ARG', 'paredes', true],
      ['ARG', 'montiel', true],
      ['FRA', 'mbappe', true],
      ['FRA', 'coman', false],
      ['FRA', 'tchouameni', false],
      ['FRA', 'kolo-muani', true],
    ].map(([team, player, converted], index) => ({
      penalty_kick_id: `PK-${index}`,
      tournament_id: 'WC-2022',
      match_id: 'M-2022-64',
      team_id: team as string,
      player_id: player as string,
      converted: converted as boolean,
    })),
    appearances: [
      {
        tournament_id: 'WC-2022',
        match_id: 'M-2022-64',
        team_id: 'ARG',
        player_id: 'messi',
        shirt_number: 10,
        position_code: 'RW',
        starter: true,
        substitute: false,
        captain: true,
      },
    ],
  };

  it('keeps the score after extra time, takes half-time from the goals and the shoot-out from its kicks', () => {
    const derived = deriveMatch(final);
    expect(derived.score).toEqual({
      home: 3,
      away: 3,
      htHome: 2,
      htAway: 0,
      etHome: 3,
      etAway: 3,
      penHome: 4,
      penAway: 2,
    });
    expect(derived.notes).toEqual([]);
    expect(derived.lineups).toEqual([
      { teamId: 'ARG', playerId: 'messi', shirtNumber: 10, position: 'RW', starter: true, captain: true },
    ]);
  });

  it('orders the timeline by period and minute, then the shoot-out kicks alternately', () => {
    const events = deriveMatch(final).events;
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
    expect(events.map((event) => [event.period, event.minute, event.addedMinute, event.type, event.playerId])).toEqual([
      ['1H', 23, null, 'penalty_goal', 'messi'],
      ['1H', 36, null, 'goal', 'di-maria'],
      ['1H', 41, null, 'substitution', 'kolo-muani'],
      ['1H', 45, 7, 'yellow_card', 'fernandez'],
      ['2H', 80, null, 'penalty_goal', 'mbappe'],
      ['2H', 81, null, 'goal', 'mbappe'],
      ['E2', 108, null, 'goal', 'messi'],
      ['E2', 118, null, 'penalty_goal', 'mbappe'],
      ['P', 120, null, 'shootout_goal', 'messi'],
      ['P', 120, null, 'shootout_goal', 'mbappe'],
      ['P', 120, null, 'shootout_goal', 'dybala'],
      ['P', 120, null, 'shootout_miss', 'coman'],
      ['P', 120, null, 'shootout_goal', 'paredes'],
      ['P', 120, null, 'shootout_miss', 'tchouameni'],
      ['P', 120, null, 'shootout_goal', 'montiel'],
      ['P', 120, null, 'shootout_goal', 'kolo-muani'],
    ]);
    expect(events[2]?.relatedPlayerId).toBe('dembele');
  });

  it('notes goals that do not add up to the score, and a shoot-out whose kicks do not', () => {
    const derived = deriveMatch({
      ...final,
      match: { ...final.match, home_team_score: 4, home_team_score_penalties: 5 },
    });
    expect(derived.score.home).toBe(4);
    expect(derived.notes).toEqual([
      'M-2022-64: shoot-out kicks 4–2 do not match the shoot-out score 5–2',
      'M-2022-64: goals listed 3–3, score 4–3; the score is kept',
    ]);
  });
});

describe('kick-off times', () => {
  it('converts local times with each host city’s zone as it was then', () => {
    // Qatar: UTC+3.
    expect(kickoffUtc('2022-12-18', '18:00', 'Qatar', 'Lusail')).toBe('2022-12-18T15:00:00.000Z');
    // England 1966: British Summer Time.
    expect(kickoffUtc('1966-07-30', '15:00', 'England', 'London')).toBe('1966-07-30T14:00:00.000Z');
    // Uruguay 1930: UTC−3:30.
    expect(kickoffUtc('1930-07-30', '14:15', 'Uruguay', 'Montevideo')).toBe('1930-07-30T17:45:00.000Z');
    // Russia 2018 spans zones: Kaliningrad UTC+2, Yekaterinburg UTC+5.
    expect(kickoffUtc('2018-06-16', '21:00', 'Russia', 'Kaliningrad')).toBe('2018-06-16T19:00:00.000Z');
    expect(kickoffUtc('2018-06-15', '17:00', 'Russia', 'Yekaterinburg')).toBe('2018-06-15T12:00:00.000Z');
    // USA 1994: Pacific daylight time at Pasadena.
    expect(kickoffUtc('1994-07-17', '12:30', 'United States', 'Pasadena')).toBe('1994-07-17T19:30:00.000Z');
  });

  it('refuses a host country it has no zone for', () => {
    expect(hostTimeZone('Japan', 'Ōita')).toBe('Asia/Tokyo');
    expect(() => hostTimeZone('Atlantis', 'Poseidonia')).toThrow(
      /no time zone for matches played in Poseidonia, Atlantis/,
    );
  });
});
