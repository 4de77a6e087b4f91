import { describe, expect, it } from 'vitest';
import type { MatchSummary } from '../../../domain/football-contracts.ts';
import { NO_FAVOURITES } from '../../lib/preferences/favourites.ts';
import { groupByCompetition } from './grouping.ts';

let nextId = 1;
function match(
  competition: string,
  home: number,
  away: number,
  kickoffAt: string,
  status: MatchSummary['status'] = 'scheduled',
): MatchSummary {
  const team = (id: number) => ({
    id,
    name: `Team ${id}`,
    shortName: `T${id}`,
    colours: { primary: '#000000', secondary: '#ffffff' },
  });
  return {
    id: nextId++,
    competition: { code: competition, name: `Competition ${competition}`, areaName: 'Area' },
    season: '2024',
    stage: null,
    round: null,
    group: null,
    kickoffAt,
    kickoffTimeKnown: true,
    status,
    minute: null,
    home: team(home),
    away: team(away),
    score: { home: null, away: null, halfTime: null, extraTime: null, penalties: null },
    hasEvents: false,
    venue: null,
    clock: null,
    replayOf: null,
  };
}

describe('groupByCompetition', () => {
  const order = ['big', 'mid', 'small'];
  const early = match('small', 1, 2, '2024-05-01T12:00:00Z');
  const middle = match('big', 3, 4, '2024-05-01T15:00:00Z');
  const late = match('big', 5, 6, '2024-05-01T19:00:00Z');
  const unknown = match('zzz', 7, 8, '2024-05-01T10:00:00Z');

  it('orders competitions by importance, unknown ones last, keeping kick-off order inside', () => {
    const groups = groupByCompetition([unknown, early, middle, late], order, NO_FAVOURITES);
    expect(groups.map((group) => group.competition.code)).toEqual(['big', 'small', 'zzz']);
    expect(groups[0]?.matches.map((item) => item.id)).toEqual([middle.id, late.id]);
    expect(groups.every((group) => !group.pinned)).toBe(true);
  });

  it('pins starred competitions, then competitions with a starred team or match, favourites first inside', () => {
    const byCompetition = groupByCompetition([early, middle, late, unknown], order, {
      teams: [],
      competitions: ['zzz'],
      matches: [],
    });
    expect(byCompetition.map((group) => group.competition.code)).toEqual(['zzz', 'big', 'small']);

    const byTeam = groupByCompetition([early, middle, late], order, {
      teams: [6],
      competitions: [],
      matches: [early.id],
    });
    expect(byTeam.map((group) => [group.competition.code, group.pinned])).toEqual([
      ['big', true],
      ['small', true],
    ]);
    expect(byTeam[0]?.matches.map((item) => item.id)).toEqual([late.id, middle.id]);
  });
});
