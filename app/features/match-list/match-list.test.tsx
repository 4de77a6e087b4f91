import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { MatchSummary } from '../../../domain/football-contracts.ts';
import { NO_FAVOURITES } from '../../lib/preferences/favourites.ts';
import type { SpoilerState } from '../../lib/preferences/spoiler.ts';
import { CompetitionGroups, type ListView } from './match-list.tsx';

let nextId = 1;
function match(competition: string): MatchSummary {
  const id = nextId++;
  const team = (teamId: number) => ({
    id: teamId,
    name: `Team ${teamId}`,
    shortName: `T${teamId}`,
    colours: { primary: '#000000', secondary: '#ffffff' },
  });
  return {
    id,
    competition: { code: competition, name: `Competition ${competition}`, areaName: 'Area' },
    season: '2024',
    stage: null,
    round: null,
    group: null,
    kickoffAt: '2024-05-01T18:00:00.000Z',
    kickoffTimeKnown: true,
    status: 'scheduled',
    minute: null,
    home: team(id * 2),
    away: team(id * 2 + 1),
    score: { home: null, away: null, halfTime: null, extraTime: null, penalties: null },
    hasEvents: false,
    venue: null,
    clock: null,
    replayOf: null,
  };
}

const spoiler: SpoilerState = {
  setting: { all: false, teams: [] },
  spoilerSafe: false,
  setSpoilerSafe: () => {},
  hidesTeam: () => false,
  setTeamHidden: () => {},
  isHidden: () => false,
  reveal: () => {},
};
const view: ListView = { timeZone: 'UTC', spoiler, favourites: NO_FAVOURITES };

describe('CompetitionGroups on the server', () => {
  it('leaves the layout of groups after the first dozen rows until they near the screen, holding their height', () => {
    const matches = [
      ...Array.from({ length: 10 }, () => match('a.1')),
      ...Array.from({ length: 3 }, () => match('b.1')),
      ...Array.from({ length: 5 }, () => match('c.1')),
    ];
    const html = renderToString(
      <MemoryRouter>
        <CompetitionGroups listId="day" matches={matches} competitionOrder={['a.1', 'b.1', 'c.1']} view={view} />
      </MemoryRouter>,
    );
    const sections = [...html.matchAll(/<section [^>]*>/g)].map((tag) => tag[0]);
    expect(sections).toHaveLength(3);
    // 0 and 10 rows before the first two: laid out with the page; 13 before the third.
    expect(sections[0]).not.toContain('content-visibility');
    expect(sections[1]).not.toContain('content-visibility');
    expect(sections[2]).toContain('style="content-visibility:auto;contain-intrinsic-size:auto 280px"');
    // Its rows are all there, for search engines, find-in-page and the accessibility tree.
    expect(html.match(/href="\/match\/\d+"/g)).toHaveLength(18);
  });
});
