// The match page's model odds kept current (issue #24): the `odds` events on
// the match's topic, over the tab's one live connection (app/lib/live/
// live-client.ts: the match frame already follows `match:<id>`, so this adds a
// listener, not a stream). Lives with the page's code, not the panel's, so no
// event is lost while the panel's code is on its way; only types come from
// the contracts, which keeps zod out of the first load.
import { startTransition, useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { LiveOdds, WinProbabilityPoint } from '../../../domain/odds-contracts.ts';
import { subscribeLive } from '../../lib/live/live-client.ts';

export interface LiveOddsState {
  live: LiveOdds | null;
  points: WinProbabilityPoint[];
}

/** The graph's points with one more: in minute order, a point for the same minute and cause replacing the old one. */
export function addPoint(points: WinProbabilityPoint[], point: WinProbabilityPoint): WinProbabilityPoint[] {
  const same = (known: WinProbabilityPoint) =>
    known.minute === point.minute &&
    known.mark?.kind === point.mark?.kind &&
    known.mark?.side === point.mark?.side &&
    known.mark?.label === point.mark?.label;
  const index = points.findIndex(same);
  if (index >= 0) return points.map((known, at) => (at === index ? point : known));
  const next = [...points, point];
  // Stable: two events in one minute stay in the order they came.
  return next.sort((a, b) => a.minute - b.minute);
}

/** The in-play odds and the win-probability points, from the loader's and then from the stream. */
export function useLiveOdds(
  matchId: number,
  initial: LiveOddsState,
  position: number | null,
  active: boolean,
): LiveOddsState {
  const [current, setCurrent] = useState(initial);
  const [source, setSource] = useState(initial);
  const revalidator = useRevalidator();
  if (source !== initial) {
    // New loader data (navigation or revalidation) replaces the patched copy.
    setSource(initial);
    setCurrent(initial);
  }
  useEffect(() => {
    if (!active) return;
    return subscribeLive(
      {
        topics: [`match:${matchId}`],
        onEvent: (event) => {
          if (event.type !== 'odds' || event.data.matchId !== matchId) return;
          const { live, point } = event.data;
          startTransition(() => setCurrent((state) => ({ live, points: addPoint(state.points, point) })));
        },
        onResync: () => void revalidator.revalidate(),
      },
      position,
    );
    // The subscription lives as long as the page's data does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [matchId, initial, active]);
  return current;
}
