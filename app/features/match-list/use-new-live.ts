// A list of live matches must also grow: useLiveScores patches the matches a
// page already has, and this hook reloads the page's data (at most every
// REFRESH_GAP_MS) when the `scores` topic reports a match in play that the
// list does not have yet. A match that ends stays, showing FT, until then.
import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import type { MatchSummary } from '../../../domain/football-contracts.ts';
import { isLive } from '../../../domain/match-status.ts';
import { subscribeLive } from '../../lib/live/live-client.ts';

const REFRESH_GAP_MS = 5_000;

export function useRefreshOnNewLive(matches: readonly MatchSummary[], position: number | null): void {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  // Matches a reload was already asked for: one the server leaves out must not cause a reload loop.
  const asked = useRef(new Set<number>());
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });
  useEffect(() => {
    const known = new Set(matches.map((match) => match.id));
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = subscribeLive(
      {
        topics: ['scores'],
        onEvent: (event) => {
          if (event.type !== 'score' || timer !== null) return;
          if (!isLive(event.data.status) || known.has(event.data.matchId) || asked.current.has(event.data.matchId))
            return;
          asked.current.add(event.data.matchId);
          timer = setTimeout(() => {
            timer = null;
            void revalidate.current();
          }, REFRESH_GAP_MS);
        },
      },
      position,
    );
    return () => {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
    };
  }, [matches, position]);
}
