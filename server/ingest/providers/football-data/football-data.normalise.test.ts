// Contract tests: the recorded (hand-written) v4 payloads in tests/fixtures/football-data
// normalise into snapshots the live contract accepts, with the right statuses,
// clocks, scores and events.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findCompetitionDefinition } from '../../../../domain/competitions.ts';
import {
  SCORING_EVENT_TYPES,
  providerMatchSnapshotSchema,
  type ProviderMatchSnapshot,
} from '../../../../domain/live-contracts.ts';
import { readClock } from '../../../../domain/match-clock.ts';
import { ProviderPayloadError } from '../../provider.ts';
import {
  COMPETITION_CODES,
  groupName,
  normaliseMatch,
  normaliseMatchList,
  placeEvent,
  placeInSeason,
  seasonCode,
} from './football-data.normalise.ts';
import {
  footballDataMatchListSchema,
  footballDataMatchSchema,
  type FootballDataMatch,
} from './football-data.schemas.ts';

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../../../../tests/fixtures/football-data/${name}`, import.meta.url), 'utf8'));
}

function match(name: string, patch: (raw: Record<string, unknown>) => void = () => {}): FootballDataMatch {
  const raw = fixture(name) as Record<string, unknown>;
  patch(raw);
  return footballDataMatchSchema.parse(raw);
}

function snapshotOf(
  name: string,
  fetchedAt: string,
  patch?: (raw: Record<string, unknown>) => void,
): ProviderMatchSnapshot {
  const snapshot = normaliseMatch(match(name, patch), { fetchedAt: new Date(fetchedAt) });
  if (!snapshot) throw new Error(`${name} gave no snapshot`);
  expect(providerMatchSnapshotSchema.safeParse(snapshot).success).toBe(true);
  return snapshot;
}

/** Goals per side from the events, as the pipeline would count them. */
function goalsFromEvents(snapshot: ProviderMatchSnapshot) {
  const scoring = (snapshot.events ?? []).filter((event) => SCORING_EVENT_TYPES.has(event.type));
  return {
    home: scoring.filter((event) => event.side === 'home').length,
    away: scoring.filter((event) => event.side === 'away').length,
  };
}

const FETCHED_AT = '2026-05-17T15:12:00Z';

describe('the matches list (mixed statuses)', () => {
  const list = footballDataMatchListSchema.parse(fixture('matches-list.json'));
  const { snapshots, skipped } = normaliseMatchList(list.matches, { fetchedAt: new Date(FETCHED_AT) });
  const byId = new Map(snapshots.map((snapshot) => [snapshot.externalId, snapshot]));
  const get = (id: string) => {
    const snapshot = byId.get(id);
    if (!snapshot) throw new Error(`no snapshot ${id}`);
    return snapshot;
  };

  it('gives a schema-valid snapshot for every match with both teams and skips the undecided final', () => {
    expect(snapshots).toHaveLength(11);
    expect(skipped).toEqual(['537009']);
    for (const snapshot of snapshots) expect(providerMatchSnapshotSchema.parse(snapshot)).toEqual(snapshot);
  });

  it('maps every status', () => {
    const statuses = Object.fromEntries(snapshots.map((snapshot) => [snapshot.externalId, snapshot.status]));
    expect(statuses).toEqual({
      '537001': 'finished',
      '537002': 'live',
      '537003': 'half-time',
      '537004': 'scheduled',
      '537005': 'scheduled',
      '537006': 'postponed',
      '537007': 'abandoned',
      '537008': 'awarded',
      '537010': 'finished',
      '537011': 'cancelled',
      '537012': 'scheduled',
    });
  });

  it('copies a finished league match: teams, competition, season, placement, score, observedAt', () => {
    expect(get('537001')).toEqual({
      provider: 'football-data',
      externalId: '537001',
      observedAt: '2026-05-17T13:31:40.000Z',
      competitionCode: 'en.1',
      season: '2025-26',
      stage: 'Regular season',
      round: 'Matchday 37',
      group: null,
      kickoffAt: '2026-05-17T11:30:00.000Z',
      home: { externalId: '57', name: 'Arsenal FC', shortName: 'Arsenal' },
      away: { externalId: '62', name: 'Everton FC', shortName: 'Everton' },
      status: 'finished',
      clock: { phase: 'FT', phaseStartedAt: null, rate: 1 },
      score: { home: 2, away: 1, halfTime: { home: 1, away: 0 }, extraTime: null, penalties: null },
      events: null,
      teamStats: null,
    });
  });

  it('runs the clock of a match in play from the reported minute', () => {
    const live = get('537002');
    expect(live.clock).toEqual({ phase: '2H', phaseStartedAt: '2026-05-17T14:50:30.000Z', rate: 1 });
    expect(readClock(live.clock!, new Date(FETCHED_AT))).toEqual({ minute: 67, added: null });
    expect(readClock(live.clock!, new Date('2026-05-17T15:20:00Z'))).toEqual({ minute: 75, added: null });
    expect(live.score).toMatchObject({ home: 2, away: 1, halfTime: { home: 1, away: 1 } });
    // The list resource carries no events: null keeps the stored ones.
    expect(live.events).toBeNull();
  });

  it('stops the clock at half-time', () => {
    expect(get('537003').clock).toEqual({ phase: 'HT', phaseStartedAt: null, rate: 1 });
  });

  it('leaves scores of unplayed matches empty and keeps awarded and suspended scores', () => {
    expect(get('537004').score).toEqual({ home: null, away: null, halfTime: null, extraTime: null, penalties: null });
    expect(get('537004').clock).toBeNull();
    expect(get('537006').clock).toBeNull();
    expect(get('537007')).toMatchObject({ status: 'abandoned', clock: null, score: { home: 1, away: 1 } });
    expect(get('537008')).toMatchObject({ competitionCode: 'en.2', score: { home: 3, away: 0, halfTime: null } });
  });

  it('reads a win after extra time and leaves unknown competitions unmapped', () => {
    expect(get('537010')).toMatchObject({
      competitionCode: null,
      season: '2025-26',
      stage: 'Semi-finals',
      round: 'Semi-finals',
      score: { home: 2, away: 1, halfTime: { home: 0, away: 1 }, extraTime: { home: 2, away: 1 }, penalties: null },
    });
  });

  it('maps the competition codes of the free plan', () => {
    const codes = Object.fromEntries(snapshots.map((snapshot) => [snapshot.externalId, snapshot.competitionCode]));
    expect(codes).toMatchObject({
      '537004': 'es.1',
      '537005': 'it.1',
      '537006': 'fr.1',
      '537007': 'nl.1',
      '537011': 'de.1',
    });
  });
});

describe('a live match in full (goals, bookings, substitutions)', () => {
  const live = snapshotOf('match-live.json', FETCHED_AT);

  it('lists every event in match order with period, minute, side and people', () => {
    expect(
      live.events?.map((event) => [
        event.key,
        event.type,
        event.period,
        event.minute,
        event.addedMinute,
        event.side,
        event.player?.name ?? null,
        event.relatedPlayer?.name ?? null,
      ]),
    ).toEqual([
      ['fd:goal:64:12:0', 'goal', '1H', 12, null, 'home', 'Tom Ashby', 'Luis Varela'],
      ['fd:card:61:23:0', 'yellow_card', '1H', 23, null, 'away', 'Marc Dubois', null],
      ['fd:goal:64:38:0', 'own_goal', '1H', 38, null, 'away', 'Jon Pereira', null],
      ['fd:card:64:45:0', 'yellow_card', '1H', 45, 1, 'home', 'Sam Okafor', null],
      ['fd:sub:61:46:0', 'substitution', '2H', 46, null, 'away', 'Kai Lindqvist', 'Ben Hollis'],
      ['fd:card:61:55:0', 'yellow_card', '2H', 55, null, 'away', 'Rui Campos', null],
      ['fd:sub:64:60:0', 'substitution', '2H', 60, null, 'home', 'Noah Freitas', 'Ade Bello'],
      ['fd:sub:64:60:1', 'substitution', '2H', 60, null, 'home', 'Ole Brandt', 'Luis Varela'],
      ['fd:goal:64:61:0', 'penalty_goal', '2H', 61, null, 'home', 'Tom Ashby', null],
      ['fd:card:61:64:0', 'second_yellow', '2H', 64, null, 'away', 'Rui Campos', null],
    ]);
    expect(live.events?.[0]?.player).toEqual({ externalId: '9001', name: 'Tom Ashby' });
  });

  it('has goal events that add up to the score', () => {
    expect(live.status).toBe('live');
    expect(live.score).toEqual({ home: 2, away: 1, halfTime: { home: 1, away: 1 }, extraTime: null, penalties: null });
    expect(goalsFromEvents(live)).toEqual({ home: live.score.home, away: live.score.away });
  });

  it('keeps event keys across snapshots: an earlier snapshot has a subset of the later keys', () => {
    const earlier = snapshotOf('match-live.json', '2026-05-17T14:40:00Z', (raw) => {
      raw.minute = 38;
      raw.score = { duration: 'REGULAR', fullTime: { home: 1, away: 1 }, halfTime: { home: null, away: null } };
      raw.goals = (raw.goals as unknown[]).slice(0, 2);
      raw.bookings = (raw.bookings as unknown[]).slice(0, 1);
      raw.substitutions = [];
    });
    const later = new Map(live.events?.map((event) => [event.key, event]));
    expect(earlier.events).toHaveLength(3);
    for (const event of earlier.events ?? []) expect(later.get(event.key)).toEqual(event);
    // Refetching the same state gives the same snapshot apart from the clock estimate.
    const again = snapshotOf('match-live.json', '2026-05-17T15:12:20Z');
    expect({ ...again, clock: null }).toEqual({ ...live, clock: null });
  });

  it('keeps the key when the scorer is corrected, so the pipeline sees a correction', () => {
    const corrected = snapshotOf('match-live.json', FETCHED_AT, (raw) => {
      const goals = raw.goals as { scorer: unknown }[];
      (goals[0] as { scorer: unknown }).scorer = { id: 9002, name: 'Luis Varela' };
    });
    expect(corrected.events?.[0]).toMatchObject({ key: 'fd:goal:64:12:0', player: { name: 'Luis Varela' } });
  });

  it('finds the side of an own goal without the per-goal score, whichever team the payload names', () => {
    const withoutScores = (ownGoalTeam: { id: number; name: string }) => (raw: Record<string, unknown>) => {
      const goals = raw.goals as Record<string, unknown>[];
      for (const goal of goals) delete goal.score;
      (goals[1] as Record<string, unknown>).team = ownGoalTeam;
    };
    const scorersClub = snapshotOf('match-live.json', FETCHED_AT, withoutScores({ id: 64, name: 'Liverpool FC' }));
    const creditedSide = snapshotOf('match-live.json', FETCHED_AT, withoutScores({ id: 61, name: 'Chelsea FC' }));
    for (const snapshot of [scorersClub, creditedSide]) {
      expect(snapshot.events?.find((event) => event.type === 'own_goal')?.side).toBe('away');
      expect(goalsFromEvents(snapshot)).toEqual({ home: 2, away: 1 });
    }
  });
});

describe('half-time', () => {
  const halfTime = snapshotOf('match-half-time.json', '2026-05-17T14:50:00Z');

  it('is half-time with the clock stopped in the HT phase', () => {
    expect(halfTime.status).toBe('half-time');
    expect(halfTime.clock).toEqual({ phase: 'HT', phaseStartedAt: null, rate: 1 });
    expect(halfTime.score).toEqual({
      home: 0,
      away: 1,
      halfTime: { home: 0, away: 1 },
      extraTime: null,
      penalties: null,
    });
    expect(halfTime.observedAt).toBe('2026-05-17T14:48:05.000Z');
  });

  it('places a stoppage-time goal at 45+2 of the first half', () => {
    expect(
      halfTime.events?.map((event) => [event.type, event.period, event.minute, event.addedMinute, event.side]),
    ).toEqual([
      ['yellow_card', '1H', 31, null, 'home'],
      ['goal', '1H', 45, 2, 'away'],
    ]);
  });

  it('falls back to the fetch time when lastUpdated is missing', () => {
    const undated = snapshotOf('match-half-time.json', '2026-05-17T14:50:00Z', (raw) => {
      raw.lastUpdated = null;
    });
    expect(undated.observedAt).toBe('2026-05-17T14:50:00.000Z');
  });
});

describe('a final won on penalties after extra time (World Cup 2022)', () => {
  const final = snapshotOf('match-extra-time-penalties.json', '2022-12-19T09:00:00Z');

  it('splits the score: 3-3 after extra time, 4-2 on penalties (fullTime 7-5 includes the shoot-out)', () => {
    expect(final.status).toBe('finished');
    expect(final.clock).toEqual({ phase: 'FT', phaseStartedAt: null, rate: 1 });
    expect(final.score).toEqual({
      home: 3,
      away: 3,
      halfTime: { home: 2, away: 0 },
      extraTime: { home: 3, away: 3 },
      penalties: { home: 4, away: 2 },
    });
  });

  it('names the tournament season by its year and the stage by our vocabulary', () => {
    expect(final).toMatchObject({
      competitionCode: 'world.cup',
      season: '2022',
      stage: 'Final',
      round: 'Final',
      group: null,
    });
  });

  it('places extra-time goals in E2 and adds goals up to the score after extra time', () => {
    const goals = final.events?.filter((event) => SCORING_EVENT_TYPES.has(event.type));
    expect(goals?.map((event) => [event.type, event.period, event.minute, event.side, event.player?.name])).toEqual([
      ['penalty_goal', '1H', 23, 'home', 'Lionel Messi'],
      ['goal', '1H', 36, 'home', 'Ángel Di María'],
      ['penalty_goal', '2H', 80, 'away', 'Kylian Mbappé'],
      ['goal', '2H', 81, 'away', 'Kylian Mbappé'],
      ['goal', 'E2', 108, 'home', 'Lionel Messi'],
      ['penalty_goal', 'E2', 118, 'away', 'Kylian Mbappé'],
    ]);
    expect(goalsFromEvents(final)).toEqual({ home: 3, away: 3 });
    expect(final.events?.filter((event) => event.type === 'substitution').map((event) => event.key)).toEqual([
      'fd:sub:773:41:0',
      'fd:sub:773:41:1',
      'fd:sub:762:64:0',
    ]);
  });
});

describe('the malformed payload', () => {
  it('is rejected by the schema with an issue for each broken field', () => {
    const parsed = footballDataMatchSchema.safeParse(fixture('match-malformed.json'));
    expect(parsed.success).toBe(false);
    const paths = parsed.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'id',
        'utcDate',
        'status',
        'minute',
        'score.fullTime',
        'goals.0.minute',
        'bookings.0.card',
      ]),
    );
  });
});

describe('statuses and clocks while the match runs', () => {
  const kickoff = '2026-05-17T14:00:00Z';
  const state = (fetchedAt: string, patch: (raw: Record<string, unknown>) => void) => {
    const snapshot = snapshotOf('match-live.json', fetchedAt, patch);
    return {
      status: snapshot.status,
      phase: snapshot.clock?.phase ?? null,
      startedAt: snapshot.clock?.phaseStartedAt ?? null,
      reading: snapshot.clock ? readClock(snapshot.clock, new Date(fetchedAt)) : null,
      score: snapshot.score,
    };
  };
  const firstHalf = { duration: 'REGULAR', fullTime: { home: 0, away: 0 }, halfTime: { home: null, away: null } };

  it('runs the first half from the kick-off when the minute agrees with it', () => {
    const onTime = state('2026-05-17T14:29:40Z', (raw) => {
      raw.minute = 30;
      raw.score = firstHalf;
    });
    expect(onTime).toMatchObject({
      status: 'live',
      phase: '1H',
      startedAt: '2026-05-17T14:00:00.000Z',
      reading: { minute: 30 },
    });
  });

  it('estimates the start of a first half that kicked off late', () => {
    const late = state('2026-05-17T14:39:40Z', (raw) => {
      raw.minute = 30;
      raw.score = firstHalf;
    });
    expect(late.startedAt).toBe('2026-05-17T14:10:10.000Z');
    expect(late.reading).toEqual({ minute: 30, added: null });
  });

  it('reads first-half stoppage time (45 + injuryTime) and "90+4"', () => {
    expect(
      state('2026-05-17T14:47:40Z', (raw) => {
        raw.minute = 45;
        raw.injuryTime = 3;
        raw.score = firstHalf;
      }),
    ).toMatchObject({ phase: '1H', reading: { minute: 45, added: 3 } });
    expect(state('2026-05-17T15:52:00Z', (raw) => (raw.minute = '90+4'))).toMatchObject({
      phase: '2H',
      reading: { minute: 90, added: 4 },
    });
  });

  it('knows the second half without a minute but not when it started', () => {
    expect(state('2026-05-17T15:20:00Z', (raw) => (raw.minute = null))).toMatchObject({
      status: 'live',
      phase: '2H',
      startedAt: null,
      reading: null,
    });
    expect(
      state('2026-05-17T14:20:00Z', (raw) => {
        raw.minute = null;
        raw.score = firstHalf;
      }),
    ).toMatchObject({ phase: '1H', startedAt: kickoff.replace('Z', '.000Z') });
  });

  it('treats LIVE like IN_PLAY', () => {
    expect(
      state('2026-05-17T14:09:40Z', (raw) => {
        raw.status = 'LIVE';
        raw.minute = 10;
        raw.score = firstHalf;
      }),
    ).toMatchObject({ status: 'live', phase: '1H', reading: { minute: 10 } });
  });

  it('runs extra time in E1 and E2', () => {
    const extra = {
      duration: 'EXTRA_TIME',
      fullTime: { home: 2, away: 2 },
      halfTime: { home: 1, away: 1 },
      regularTime: { home: 2, away: 2 },
      extraTime: { home: 0, away: 0 },
    };
    expect(
      state('2026-05-17T16:10:00Z', (raw) => {
        raw.status = 'EXTRA_TIME';
        raw.minute = 98;
        raw.score = extra;
      }),
    ).toMatchObject({
      status: 'live',
      phase: 'E1',
      reading: { minute: 98 },
      score: { home: 2, away: 2, extraTime: { home: 2, away: 2 } },
    });
    expect(
      state('2026-05-17T16:30:00Z', (raw) => {
        raw.minute = 112;
        raw.score = extra;
      }),
    ).toMatchObject({ status: 'live', phase: 'E2', reading: { minute: 112 } });
  });

  it('names each break: before extra time, extra-time half-time, before penalties', () => {
    const paused = (minute: number, duration: string) => (raw: Record<string, unknown>) => {
      raw.status = 'PAUSED';
      raw.minute = minute;
      raw.score = { duration, fullTime: { home: 1, away: 1 }, halfTime: { home: 1, away: 1 } };
    };
    expect(state('2026-05-17T15:55:00Z', paused(90, 'REGULAR'))).toMatchObject({ status: 'half-time', phase: 'BET' });
    expect(state('2026-05-17T16:15:00Z', paused(105, 'EXTRA_TIME'))).toMatchObject({
      status: 'half-time',
      phase: 'EHT',
    });
    expect(state('2026-05-17T16:35:00Z', paused(120, 'EXTRA_TIME'))).toMatchObject({
      status: 'half-time',
      phase: 'BP',
    });
  });

  it('is live in the shoot-out, with the running shoot-out score apart from the match score', () => {
    const shootout = state('2026-05-17T16:40:00Z', (raw) => {
      raw.status = 'PENALTY_SHOOTOUT';
      raw.minute = 120;
      raw.score = {
        duration: 'PENALTY_SHOOTOUT',
        fullTime: { home: 5, away: 4 },
        halfTime: { home: 1, away: 0 },
        regularTime: { home: 1, away: 1 },
        extraTime: { home: 0, away: 0 },
        penalties: { home: 4, away: 3 },
      };
    });
    expect(shootout).toMatchObject({ status: 'live', phase: 'P', reading: null });
    expect(shootout.score).toEqual({
      home: 1,
      away: 1,
      halfTime: { home: 1, away: 0 },
      extraTime: { home: 1, away: 1 },
      penalties: { home: 4, away: 3 },
    });
  });

  it('takes the shoot-out out of fullTime when regularTime and extraTime are missing', () => {
    const snapshot = state('2026-05-17T17:00:00Z', (raw) => {
      raw.status = 'FINISHED';
      raw.score = {
        duration: 'PENALTY_SHOOTOUT',
        fullTime: { home: 7, away: 6 },
        halfTime: { home: 1, away: 1 },
        penalties: { home: 6, away: 5 },
      };
    });
    expect(snapshot.score).toMatchObject({
      home: 1,
      away: 1,
      extraTime: { home: 1, away: 1 },
      penalties: { home: 6, away: 5 },
    });
  });

  it('rejects a score that cannot be true instead of storing it', () => {
    const impossible = match('match-live.json', (raw) => {
      raw.status = 'FINISHED';
      raw.score = { duration: 'PENALTY_SHOOTOUT', fullTime: { home: 1, away: 1 }, penalties: { home: 4, away: 3 } };
    });
    expect(() => normaliseMatch(impossible, { fetchedAt: new Date(FETCHED_AT) })).toThrow(ProviderPayloadError);
  });
});

describe('mapping tables', () => {
  it('maps every football-data competition code to a competition we know', () => {
    for (const [providerCode, code] of Object.entries(COMPETITION_CODES))
      expect(findCompetitionDefinition(code), `${providerCode} → ${code}`).toBeDefined();
    expect(COMPETITION_CODES).toMatchObject({
      PL: 'en.1',
      PD: 'es.1',
      BL1: 'de.1',
      SA: 'it.1',
      FL1: 'fr.1',
      DED: 'nl.1',
      PPL: 'pt.1',
      ELC: 'en.2',
      CL: 'uefa.cl',
      WC: 'world.cup',
      EC: 'euro',
    });
  });

  it('names seasons: 2025-26 across New Year, the year for a season inside one', () => {
    expect(seasonCode('2025-08-15', '2026-05-24')).toBe('2025-26');
    expect(seasonCode('2026-06-11', '2026-07-19')).toBe('2026');
    expect(seasonCode('1999-08-07', '2000-05-14')).toBe('1999-00');
    expect(seasonCode(null, '2026-05-24')).toBeNull();
    expect(seasonCode('2020-01-01', '2022-01-01')).toBeNull();
  });

  it('places stages, rounds and groups in the importers’ vocabulary', () => {
    expect(placeInSeason('GROUP_STAGE', 2, 'cup')).toEqual({ stage: 'Group stage', round: 'Matchday 2' });
    expect(placeInSeason('LEAGUE_STAGE', 8, 'cup')).toEqual({ stage: 'League phase', round: 'Matchday 8' });
    expect(placeInSeason('LAST_16', null, 'cup')).toEqual({ stage: 'Round of 16', round: 'Round of 16' });
    expect(placeInSeason('PLAYOFFS', null, 'cup')).toEqual({ stage: 'Knockout play-offs', round: null });
    expect(placeInSeason('PLAYOFFS', null, 'league')).toEqual({ stage: 'Play-offs', round: null });
    expect(placeInSeason('QUALIFICATION_ROUND_2', null, 'cup')).toEqual({
      stage: 'Qualifying',
      round: 'Qualification round 2',
    });
    expect(placeInSeason(null, 12, 'league')).toEqual({ stage: 'Regular season', round: 'Matchday 12' });
    expect(groupName('GROUP_C')).toBe('Group C');
    expect(groupName('Group H')).toBe('Group H');
    expect(groupName(null)).toBeNull();
  });

  it('places event minutes in periods, with stoppage time', () => {
    expect(placeEvent(93, null, false)).toEqual({ period: '2H', minute: 90, addedMinute: 3 });
    expect(placeEvent(90, 5, false)).toEqual({ period: '2H', minute: 90, addedMinute: 5 });
    expect(placeEvent(93, null, true)).toEqual({ period: 'E1', minute: 93, addedMinute: null });
    expect(placeEvent(105, 1, true)).toEqual({ period: 'E1', minute: 105, addedMinute: 1 });
    expect(placeEvent(121, null, true)).toEqual({ period: 'E2', minute: 120, addedMinute: 1 });
    expect(placeEvent(46, 0, false)).toEqual({ period: '2H', minute: 46, addedMinute: null });
  });
});
