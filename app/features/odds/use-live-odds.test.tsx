// @vitest-environment jsdom
// The page's odds hook on the tab's live connection (mocked here; the browser test drives the real one):
// one subscription to the match's topic from the loader's position, only this match's `odds` events
// applied, each adding its point to the graph, and a resync reloading the page's data.
import { act, cleanup, render } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../../domain/live-stream.ts';
import type { LiveOdds, WinProbabilityPoint } from '../../../domain/odds-contracts.ts';
import { marketsFromMatrix, poissonMatrix } from '../../../tests/helpers/odds-fixtures.ts';
import type { Subscription } from '../../lib/live/live-connection.ts';

const subscriptions: Array<{ subscription: Subscription; position: number | null; stopped: boolean }> = [];
vi.mock('../../lib/live/live-client.ts', () => ({
  subscribeLive: (subscription: Subscription, position: number | null) => {
    const entry = { subscription, position, stopped: false };
    subscriptions.push(entry);
    return () => {
      entry.stopped = true;
    };
  },
}));

const { useLiveOdds } = await import('./use-live-odds.ts');

const live = (minute: number): LiveOdds => ({
  minute,
  markets: marketsFromMatrix(poissonMatrix(1, 1)),
  settled: false,
});
const point = (minute: number): WinProbabilityPoint => ({ minute, home: 0.4, draw: 0.3, away: 0.3, mark: null });
const initial = { live: null, points: [point(0)] };
const oddsEvent = (matchId: number, minute: number) =>
  ({ type: 'odds', data: { matchId, live: live(minute), point: point(minute) } }) as unknown as LiveEvent;

afterEach(() => {
  cleanup();
  subscriptions.length = 0;
});

describe('useLiveOdds', () => {
  it('follows the match’s topic from the loader’s position and applies only this match’s odds events', async () => {
    const seen: Array<{ minute: number | null; points: number[] }> = [];
    function Probe() {
      const state = useLiveOdds(7, initial, 41, true);
      seen.push({ minute: state.live?.minute ?? null, points: state.points.map((known) => known.minute) });
      return null;
    }
    const Stub = createRoutesStub([{ path: '/', Component: Probe }]);
    render(<Stub initialEntries={['/']} />);
    await act(async () => undefined);
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]?.subscription.topics).toEqual(['match:7']);
    expect(subscriptions[0]?.position).toBe(41);
    const { onEvent } = subscriptions[0]?.subscription ?? { onEvent: () => undefined };
    await act(async () => onEvent(oddsEvent(8, 30)));
    await act(async () => onEvent(oddsEvent(7, 31)));
    await act(async () => onEvent(oddsEvent(7, 31)));
    expect(seen.at(-1)).toEqual({ minute: 31, points: [0, 31] });
  });

  it('does not listen while there are no odds to keep current', async () => {
    function Probe() {
      useLiveOdds(7, initial, 41, false);
      return null;
    }
    const Stub = createRoutesStub([{ path: '/', Component: Probe }]);
    render(<Stub initialEntries={['/']} />);
    await act(async () => undefined);
    expect(subscriptions).toHaveLength(0);
  });
});
