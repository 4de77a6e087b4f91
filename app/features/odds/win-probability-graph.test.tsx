import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { WinProbabilityPoint } from '../../../domain/odds-contracts.ts';
import { stepPath, summariseWinProbability, WinProbabilityGraph } from './win-probability-graph.tsx';

const teams = { home: 'Portugal', away: 'France' };
const points: WinProbabilityPoint[] = [
  { minute: 0, home: 0.3, draw: 0.35, away: 0.35, mark: null },
  {
    minute: 58,
    home: 0.33,
    draw: 0.4,
    away: 0.27,
    mark: { kind: 'red_card', side: 'away', label: 'Red card, France' },
  },
  {
    minute: 109,
    home: 0.9,
    draw: 0.08,
    away: 0.02,
    mark: { kind: 'goal', side: 'home', label: 'Goal, Portugal (Éder)' },
  },
  { minute: 120, home: 1, draw: 0, away: 0, mark: null },
];

describe('the win-probability graph', () => {
  it('draws each side as steps that hold until the next change, to the end minute', () => {
    expect(stepPath(points.slice(0, 2), 'home', 70)).toBe('M0 70.00 H58 V67.00 H70');
    expect(stepPath([], 'home', 70)).toBe('');
  });

  it('says in words where the chances started, where they ended and what moved them', () => {
    expect(summariseWinProbability(points, teams, true, 120)).toBe(
      'At kick-off: Portugal 30.0%, draw 35.0%, France 35.0%. At the final whistle: Portugal 100%, draw 0%, France 0%. Marked: 1 goal and 1 red card.',
    );
    expect(summariseWinProbability(points.slice(0, 1), teams, false, 12)).toBe(
      'At kick-off: Portugal 30.0%, draw 35.0%, France 35.0%. At 12′: Portugal 30.0%, draw 35.0%, France 35.0%. No goal or red card so far.',
    );
  });

  it('marks goals and red cards, names the picture, and tables the numbers', () => {
    const html = renderToStaticMarkup(<WinProbabilityGraph points={points} teams={teams} endMinute={120} finished />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Win probability graph. At kick-off: Portugal 30.0%');
    expect(html.match(/data-testid="win-probability-goal"/g)).toHaveLength(1);
    expect(html.match(/data-testid="win-probability-red-card"/g)).toHaveLength(1);
    expect(html).toContain('Goal, Portugal (Éder)');
    // Extra time widens the axis to 120′.
    expect(html).toContain('viewBox="0 0 120 100"');
    expect(html).toContain('>120′<');
  });
});
