import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Competition } from '../../../domain/football-contracts.ts';
import { CompetitionIndex, groupByArea } from './competition-index.tsx';

function competition(code: string, name: string, areaName: string, kind: 'league' | 'cup' = 'league'): Competition {
  return { code, name, areaName, areaCode: null, kind, tier: 1, currentSeason: null };
}

const competitions = [
  competition('euro', 'UEFA European Championship', 'Europe', 'cup'),
  competition('en.1', 'Premier League', 'England'),
  competition('de.1', 'Bundesliga', 'Germany'),
  competition('en.2', 'Championship', 'England'),
];

describe('groupByArea', () => {
  it('keeps the order of importance, a region first where its first competition is', () => {
    expect(groupByArea(competitions).map((region) => [region.name, region.competitions.map((c) => c.code)])).toEqual([
      ['Europe', ['euro']],
      ['England', ['en.1', 'en.2']],
      ['Germany', ['de.1']],
    ]);
  });
});

describe('CompetitionIndex', () => {
  function render(list: Competition[]): string {
    const Stub = createRoutesStub([{ path: '/league', Component: () => <CompetitionIndex competitions={list} /> }]);
    return renderToStaticMarkup(<Stub initialEntries={['/league']} />);
  }

  it('links each competition to its page, under its region, saying league or cup', () => {
    const html = render(competitions);
    expect(html).toContain('aria-label="England"');
    expect(html).toMatch(/href="\/league\/en\.2"[^>]*>.*Championship.*League/);
    expect(html).toMatch(/href="\/league\/euro"[^>]*>.*UEFA European Championship.*Cup/);
  });

  it('says so when nothing has been imported', () => {
    expect(render([])).toContain('No competitions have been imported yet.');
  });
});
