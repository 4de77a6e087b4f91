import { describe, expect, it } from 'vitest';
import type { MatchSummary } from '../../../domain/football-contracts.ts';
import { goalAnnouncement } from '../live/live-announcements.ts';
import { jsonForScript, matchStructuredData } from './structured-data.ts';

const match: MatchSummary = {
  id: 51,
  competition: { code: 'euro', name: 'UEFA European Championship', areaName: 'Europe' },
  season: '2016',
  stage: 'Final',
  round: 'Final',
  group: null,
  kickoffAt: '2016-07-10T19:00:00.000Z',
  kickoffTimeKnown: true,
  status: 'finished',
  minute: null,
  home: { id: 7, name: 'Portugal', shortName: 'POR', colours: { primary: '#800000', secondary: '#008000' } },
  away: { id: 8, name: 'France', shortName: 'FRA', colours: { primary: '#0000ff', secondary: '#ffffff' } },
  score: { home: 1, away: 0, halfTime: { home: 0, away: 0 }, extraTime: { home: 1, away: 0 }, penalties: null },
  hasEvents: true,
  venue: 'Stade de France',
  clock: null,
  replayOf: null,
} as MatchSummary;

describe('matchStructuredData', () => {
  it('describes the match as a SportsEvent with both teams, absolute links and no invented score', () => {
    const data = matchStructuredData(match, 'https://scores.example.org');
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'SportsEvent',
      name: 'Portugal v France',
      description: 'UEFA European Championship, Final: Portugal v France.',
      url: 'https://scores.example.org/match/51',
      sport: 'Football',
      startDate: '2016-07-10T19:00:00.000Z',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: 'Stade de France' },
      homeTeam: { '@type': 'SportsTeam', name: 'Portugal', url: 'https://scores.example.org/team/7' },
      awayTeam: { '@type': 'SportsTeam', name: 'France', url: 'https://scores.example.org/team/8' },
      competitor: [
        { '@type': 'SportsTeam', name: 'Portugal', url: 'https://scores.example.org/team/7' },
        { '@type': 'SportsTeam', name: 'France', url: 'https://scores.example.org/team/8' },
      ],
      superEvent: { '@type': 'SportsEvent', name: 'UEFA European Championship 2016', url: 'https://scores.example.org/league/euro' },
    });
  });

  it('gives a date alone when the kick-off time is unknown, no location without a venue, and the postponed status', () => {
    const data = matchStructuredData({ ...match, kickoffTimeKnown: false, venue: null, status: 'postponed' }, 'https://a.example');
    expect(data.startDate).toBe('2016-07-10');
    expect(data).not.toHaveProperty('location');
    expect(data.eventStatus).toBe('https://schema.org/EventPostponed');
  });

  it('escapes what could close the script element', () => {
    const text = jsonForScript({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});

describe('goalAnnouncement', () => {
  const before = { ...match, status: 'live', score: { ...match.score, home: 0, away: 0 } } as MatchSummary;
  const score = { matchId: 51, status: 'live', clock: null, minute: 109, home: 1, away: 0, halfTime: null, extraTime: null, penalties: null, replayOf: null } as const;

  it('names the teams, the new score and the minute', () => {
    expect(goalAnnouncement(before, score, "109'")).toBe("Goal: Portugal 1–0 France, 109'");
  });

  it('is silent for an unchanged or lower score (a disallowed goal)', () => {
    expect(goalAnnouncement(before, { ...score, home: 0 }, "10'")).toBeNull();
    expect(goalAnnouncement({ ...before, score: { ...before.score, home: 2, away: 0 } }, score, "10'")).toBeNull();
  });
});
