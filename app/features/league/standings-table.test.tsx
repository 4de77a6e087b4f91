// A league table with its qualification and relegation zones and a star on every team (issue #19), as the
// server renders it.
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { StandingsTable } from './standings-table.tsx';

const rows = Array.from({ length: 20 }, (_, index) => ({
  position: index + 1,
  team: { id: index + 1, name: `Team ${index + 1} FC`, shortName: `Team ${index + 1}` },
  played: 38,
  won: 20 - index,
  drawn: 5,
  lost: 13 + index,
  goalsFor: 60 - index,
  goalsAgainst: 30 + index,
  goalDifference: 30 - 2 * index,
  points: 65 - 3 * index,
  form: [],
}));

function render(zonesOf?: { code: string; season: string }) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => <StandingsTable rows={rows} caption="Premier League" zonesOf={zonesOf} />,
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={['/']} />);
}

describe('StandingsTable zones', () => {
  it('marks the European places and the relegation places, with a legend', () => {
    const html = render({ code: 'en.1', season: '2024-25' });
    expect(html.match(/\(Champions League\)/g)).toHaveLength(4);
    expect(html.match(/\(Europa League\)/g)).toHaveLength(1);
    expect(html.match(/\(Relegation\)/g)).toHaveLength(3);
    const legend = /data-testid="table-zones"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '';
    for (const label of ['Champions League', 'Europa League', 'Conference League', 'Relegation'])
      expect(legend).toContain(label);
  });

  it('shows no zones for a table that is not a league’s main table', () => {
    const html = render(undefined);
    expect(html).not.toContain('(Champions League)');
    expect(html).not.toContain('data-testid="table-zones"');
  });
});

describe('StandingsTable stars', () => {
  it('has a star on every row that follows the team, named after it and not pressed before the device is read', () => {
    const html = render(undefined);
    const stars = [...html.matchAll(/<button[^>]*aria-label="Favourite: ([^"]+)"[^>]*>/g)];
    expect(stars.map((star) => star[1])).toEqual(rows.map((row) => row.team.name));
    for (const [button] of stars) expect(button).toContain('aria-pressed="false"');
    // The column is named for screen readers.
    expect(html).toMatch(/<th scope="col"[^>]*><span class="sr-only">Favourite<\/span><\/th>/);
  });
});
