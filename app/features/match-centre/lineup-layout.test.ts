import { describe, expect, it } from 'vitest';
import { layoutTeam, parseFormation, pitchPoint, spreadAcross, type LayoutPlayer } from './lineup-layout.ts';

const team = (positions: string[], averages?: Array<[number, number]>): LayoutPlayer[] =>
  positions.map((position, index) => ({
    id: index + 1,
    position,
    averagePosition: averages?.[index] ? { x: averages[index][0], y: averages[index][1] } : null,
  }));

describe('layoutTeam', () => {
  it('sets out named positions in lines, each from the team’s left to its right', () => {
    const layout = layoutTeam(team(['GK', 'RB', 'CB', 'CB', 'LB', 'DM', 'CM', 'CM', 'RW', 'CF', 'LW']));
    expect(layout?.formation).toBe('4-1-2-3');
    const at = (id: number) => layout?.players.find((player) => player.id === id);
    expect(at(1)).toEqual({ id: 1, depth: 0.08, lateral: 0.5 });
    // Left back on the left, right back on the right, both in the deepest outfield line.
    expect(at(5)?.lateral).toBeLessThan(at(3)?.lateral ?? 0);
    expect(at(2)?.lateral).toBeGreaterThan(at(4)?.lateral ?? 1);
    expect(new Set([2, 3, 4, 5].map((id) => at(id)?.depth))).toEqual(new Set([0.3]));
    // Forwards furthest up, the holding midfielder between defence and midfield.
    expect(at(10)?.depth).toBeCloseTo(0.86);
    expect(at(6)?.depth).toBeGreaterThan(0.3);
    expect(at(6)?.depth).toBeLessThan(at(7)?.depth ?? 0);
    expect(at(11)?.lateral).toBeLessThan(at(10)?.lateral ?? 0);
    expect(at(10)?.lateral).toBeCloseTo(0.5);
  });

  it('orders role-only positions (Wyscout) by where each player was on the ball', () => {
    // France in the Euro 2016 final: 4-4-2, listed in no particular order.
    const layout = layoutTeam(
      team(
        ['GK', 'DF', 'DF', 'DF', 'DF', 'MF', 'MF', 'MF', 'MF', 'FW', 'FW'],
        [
          [8, 50],
          [40, 85],
          [30, 40],
          [30, 62],
          [42, 12],
          [55, 30],
          [52, 60],
          [60, 88],
          [62, 15],
          [70, 45],
          [75, 58],
        ],
      ),
    );
    expect(layout?.formation).toBe('4-4-2');
    const order = (ids: number[]) =>
      [...ids].sort(
        (a, b) =>
          (layout?.players.find((p) => p.id === a)?.lateral ?? 0) -
          (layout?.players.find((p) => p.id === b)?.lateral ?? 0),
      );
    expect(order([2, 3, 4, 5])).toEqual([5, 3, 4, 2]);
    expect(order([6, 7, 8, 9])).toEqual([9, 6, 7, 8]);
    expect(order([10, 11])).toEqual([10, 11]);
  });

  it('moves a role-only midfielder who played further up than a forward into the attack', () => {
    const layout = layoutTeam(
      team(
        ['GK', 'DF', 'DF', 'DF', 'DF', 'MF', 'MF', 'MF', 'MF', 'MF', 'FW'],
        [
          [6, 50],
          [35, 85],
          [28, 40],
          [28, 62],
          [37, 12],
          [45, 30],
          [47, 60],
          [55, 88],
          [52, 15],
          [68, 35],
          [64, 55],
        ],
      ),
    );
    expect(layout?.formation).toBe('4-4-2');
    expect(layout?.players.find((player) => player.id === 10)?.depth).toBe(
      layout?.players.find((player) => player.id === 11)?.depth,
    );
  });

  it('follows a given formation, deepest players on the ball in the deepest lines', () => {
    const layout = layoutTeam(
      team(
        ['GK', 'DF', 'DF', 'DF', 'DF', 'MF', 'MF', 'MF', 'MF', 'MF', 'FW'],
        [
          [5, 50],
          [30, 20],
          [30, 40],
          [30, 60],
          [30, 80],
          [45, 40],
          [46, 60],
          [62, 20],
          [65, 50],
          [61, 80],
          [80, 50],
        ],
      ),
      '4-2-3-1',
    );
    expect(layout?.formation).toBe('4-2-3-1');
    const depths = [...new Set(layout?.players.map((player) => player.depth))];
    expect(depths).toHaveLength(5);
    expect(layout?.players.find((player) => player.id === 6)?.depth).toBe(
      layout?.players.find((player) => player.id === 7)?.depth,
    );
    expect(layout?.players.find((player) => player.id === 9)?.depth).toBeGreaterThan(
      layout?.players.find((player) => player.id === 6)?.depth ?? 1,
    );
  });

  it('ignores a formation that does not add up to the outfield players', () => {
    expect(
      layoutTeam(team(['GK', 'DF', 'DF', 'DF', 'DF', 'MF', 'MF', 'MF', 'MF', 'FW', 'FW']), '3-5-2-1')?.formation,
    ).toBe('4-4-2');
  });

  it('gives up when the starters cannot be placed: the page then lists them', () => {
    expect(layoutTeam(team(['GK', 'DF', 'MF']))).toBeNull();
    expect(layoutTeam(team(['GK', 'DF', 'DF', 'DF', 'DF', 'MF', 'MF', 'MF', 'MF', 'FW', 'XX']))).toBeNull();
    expect(layoutTeam(team(['DF', 'DF', 'DF', 'DF', 'DF', 'MF', 'MF', 'MF', 'MF', 'FW', 'FW']))).toBeNull();
    expect(
      layoutTeam([...team(['GK', 'DF', 'DF', 'DF', 'DF', 'MF', 'MF', 'MF', 'MF', 'FW']), { id: 99, position: null }]),
    ).toBeNull();
  });
});

describe('spreadAcross and parseFormation', () => {
  it('spreads a line symmetrically, never past the touchlines', () => {
    expect(spreadAcross(1)).toEqual([0.5]);
    expect(spreadAcross(2).map((value) => Number(value.toFixed(2)))).toEqual([0.37, 0.63]);
    for (let count = 2; count <= 6; count += 1) {
      const spread = spreadAcross(count);
      expect(spread[0]).toBeGreaterThanOrEqual(0.07);
      expect(spread.at(-1)).toBeLessThanOrEqual(0.93);
      expect((spread[0] ?? 0) + (spread.at(-1) ?? 0)).toBeCloseTo(1);
    }
  });

  it('reads formations', () => {
    expect(parseFormation('4-2-3-1')).toEqual([4, 2, 3, 1]);
    expect(parseFormation('442')).toBeNull();
    expect(parseFormation(null)).toBeNull();
    expect(parseFormation('4-0-6')).toBeNull();
  });
});

describe('pitchPoint', () => {
  const leftBack = { id: 1, depth: 0.3, lateral: 0.1 };
  it('puts each team in its own half, its left on its own left as it attacks', () => {
    // Home attacks down the page: its left back is on the page's right.
    expect(pitchPoint(leftBack, 'home', 'vertical')).toEqual({ left: 90, top: 15 });
    expect(pitchPoint(leftBack, 'away', 'vertical')).toEqual({ left: 10, top: 85 });
    // Home attacks to the right: its left back is near the top.
    expect(pitchPoint(leftBack, 'home', 'horizontal')).toEqual({ left: 15, top: 10 });
    expect(pitchPoint(leftBack, 'away', 'horizontal')).toEqual({ left: 85, top: 90 });
  });
});
