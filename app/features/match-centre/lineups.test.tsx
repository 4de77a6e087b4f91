// The line-ups section as the server renders it: on a pitch where the data
// places the players, as plain lists where it cannot (openfootball has no
// positions), and a plain sentence where there are no line-ups at all.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Lineups, MatchEvent, MatchSummary } from '../../../domain/football-contracts.ts';
import { LineupsView, pitchName } from './lineups.tsx';

const team = (id: number, name: string) => ({
  id,
  name,
  shortName: name,
  colours: { primary: '#7e261b', secondary: '#69e052' },
});
const match: MatchSummary = {
  id: 1,
  competition: { code: 'world.cup', name: 'World Cup', areaName: 'World' },
  season: '2018',
  stage: 'Final',
  round: null,
  group: null,
  kickoffAt: '2018-07-15T15:00:00.000Z',
  kickoffTimeKnown: true,
  status: 'finished',
  minute: null,
  home: team(10, 'France'),
  away: team(20, 'Croatia'),
  score: { home: 4, away: 2, halfTime: null, extraTime: null, penalties: null },
  hasEvents: true,
  venue: null,
  clock: null,
  replayOf: null,
};

const POSITIONS = ['GK', 'RB', 'CB', 'CB', 'LB', 'DM', 'CM', 'CM', 'RW', 'CF', 'LW'];
function side(teamId: number, positions: Array<string | null>): Lineups['home'] {
  const starters = positions.map((position, index) => ({
    id: teamId * 100 + index,
    name: `Player ${teamId}-${index}`,
    shortName: `P. Player${teamId}x${index}`,
    shirtNumber: index + 1,
    position,
    starter: true,
    captain: index === 0,
  }));
  const bench = [0, 1].map((index) => ({
    id: teamId * 100 + 50 + index,
    name: `Sub ${teamId}-${index}`,
    shirtNumber: 12 + index,
    position: null,
    starter: false,
    captain: false,
  }));
  return { teamId, formation: null, coach: 'A. Coach', players: [...starters, ...bench] };
}

const substitution: MatchEvent = {
  seq: 1,
  period: '2H',
  minute: 71,
  addedMinute: null,
  type: 'substitution',
  teamId: 10,
  player: { id: 1050, name: 'Sub 10-0' },
  relatedPlayer: { id: 1009, name: 'Player 10-9', shortName: 'P. Player10x9' },
  detail: null,
};
const goal: MatchEvent = {
  ...substitution,
  seq: 2,
  minute: 18,
  type: 'goal',
  player: { id: 1010, name: 'Player 10-10' },
  relatedPlayer: null,
};

describe('LineupsView', () => {
  it('stands both elevens on the pitch, with captain, goals and substitutions', () => {
    const html = renderToStaticMarkup(
      <LineupsView
        match={match}
        lineups={{ home: side(10, POSITIONS), away: side(20, POSITIONS) }}
        events={[substitution, goal]}
      />,
    );
    expect(html).toContain('data-testid="lineup-pitch"');
    expect(html.match(/data-player="/g)).toHaveLength(22);
    expect(html).toContain('4-1-2-3');
    expect(html).toContain('Player10x9');
    // The text equivalent: the substitute came on for the starter, the starter went off.
    expect(html).toMatch(/came on <\/span>71&#x27;.*for P\. Player10x9/);
    expect(html).toContain('goal 18&#x27;');
    expect(html).toContain('off 71&#x27; for Sub 10-0');
    expect(html).toContain('(captain)');
  });

  it('lists the players when the data names no positions (openfootball)', () => {
    const none = POSITIONS.map(() => null);
    const html = renderToStaticMarkup(
      <LineupsView match={match} lineups={{ home: side(10, none), away: side(20, none) }} events={[]} />,
    );
    expect(html).not.toContain('data-testid="lineup-pitch"');
    expect(html).toContain('Starting XI');
    expect(html).not.toMatch(/class="sr-only"><h4[^>]*>Starting XI/);
    expect(html).toContain('Player 20-10');
  });

  it('says so plainly when there are no line-ups', () => {
    const empty = { teamId: 10, formation: null, coach: null, players: [] };
    expect(
      renderToStaticMarkup(
        <LineupsView match={match} lineups={{ home: empty, away: { ...empty, teamId: 20 } }} events={[]} />,
      ),
    ).toContain('no line-ups');
  });
});

describe('the starting XI list (issue #19)', () => {
  it('reads from the back: goalkeeper, defenders, midfielders, forwards, whatever order the data lists them in', () => {
    const listed = side(10, ['FW', 'MF', 'GK', 'DF', 'FW', 'DF', 'MF', 'DF', 'MF', 'DF', 'FW']);
    const html = renderToStaticMarkup(
      <LineupsView match={match} lineups={{ home: listed, away: side(20, POSITIONS) }} events={[]} />,
    );
    const list = /data-testid="starters-home"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '';
    const order = [...list.matchAll(/\((GK|DF|MF|FW)\)/g)].map((found) => found[1]);
    expect(order).toEqual(['GK', 'DF', 'DF', 'DF', 'DF', 'MF', 'MF', 'MF', 'FW', 'FW', 'FW']);
  });

  it('names players as fans know them, with the full name on hover', () => {
    const home = side(10, POSITIONS);
    home.players[9] = { ...home.players[9]!, name: 'Sergio Leonel Agüero del Castillo', shortName: 'S. Agüero' };
    const html = renderToStaticMarkup(
      <LineupsView match={match} lineups={{ home, away: side(20, POSITIONS) }} events={[]} />,
    );
    const list = /data-testid="starters-home"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '';
    expect(list).toContain('<span title="Sergio Leonel Agüero del Castillo">S. Agüero</span>');
    expect(list).not.toContain('>Sergio Leonel Agüero del Castillo<');
  });

  it("writes a card in stoppage time as the timeline does (90+2')", () => {
    const card: MatchEvent = {
      ...substitution,
      seq: 3,
      period: '2H',
      minute: 90,
      addedMinute: 2,
      type: 'yellow_card',
      player: { id: 1003, name: 'Player 10-3' },
      relatedPlayer: null,
    };
    const html = renderToStaticMarkup(
      <LineupsView match={match} lineups={{ home: side(10, POSITIONS), away: side(20, POSITIONS) }} events={[card]} />,
    );
    expect(html).toContain('yellow card 90+2&#x27;');
  });
});

describe('pitchName', () => {
  it('keeps names short enough for the pitch', () => {
    expect(pitchName({ name: 'Antoine Griezmann', shortName: 'A. Griezmann' })).toBe('Griezmann');
    expect(pitchName({ name: 'Cristiano Ronaldo dos Santos Aveiro', shortName: 'Cristiano Ronaldo' })).toBe('Ronaldo');
    expect(pitchName({ name: 'João Mário Naval da Costa Eduardo', shortName: 'João Mário' })).toBe('João Mário');
    expect(pitchName({ name: 'Pepe' })).toBe('Pepe');
  });
});
