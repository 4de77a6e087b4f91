// The table "as it stands" kept current in the browser: when a score event
// changes a match of the page's list (a goal, a kick-off, a final whistle),
// the table is fetched again from the API with live=1, debounced so a burst
// of events costs one request. Replays never reach the list (the server
// leaves them out of season matches), so they never move a real table.
import { useEffect, useMemo, useState } from 'react';
import type { MatchSummary, Standings } from '../../../domain/football-contracts.ts';

const DEBOUNCE_MS = 1_500;

function scoreSignature(matches: readonly MatchSummary[]): string {
  return matches.map((match) => `${match.id}:${match.status}:${match.score.home ?? ''}-${match.score.away ?? ''}`).join(',');
}

/** `url`: the standings API address for this view, or null when the table is fixed (a past date). */
export function useLiveStandings(initial: Standings, matches: readonly MatchSummary[], url: string | null): Standings {
  const signature = useMemo(() => scoreSignature(matches), [matches]);
  const [table, setTable] = useState(initial);
  const [source, setSource] = useState(initial);
  const [initialSignature, setInitialSignature] = useState(signature);
  if (source !== initial) {
    // New loader data (navigation, revalidation): start again from it.
    setSource(initial);
    setTable(initial);
    setInitialSignature(signature);
  }

  useEffect(() => {
    if (url === null || signature === initialSignature) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      // no-cache: the API's short shared cache lifetime must not hide the goal just scored.
      fetch(url, { signal: controller.signal, cache: 'no-cache', headers: { accept: 'application/json' } })
        .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`standings: ${response.status}`))))
        // The schema (and zod) load with the first refresh, not with the page (issue #5 byte budget).
        .then(async (body: unknown) => {
          const { standingsSchema } = await import('../../../domain/football-contracts.ts');
          const parsed = standingsSchema.safeParse(body);
          if (parsed.success) setTable(parsed.data);
        })
        // A missed refresh is made good by the next event or a reload.
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [url, signature, initialSignature]);
  // Scores back where the page started (a goal taken back, a correction undone): the page's own table is right again.
  return signature === initialSignature ? initial : table;
}
