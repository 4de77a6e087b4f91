// The insight sections kept current while a match is live (issue #5): the
// momentum grows with the clock and the table moves with the score, so both
// are fetched again (debounced) when the page's live data reaches a new
// minute, a new score or a new status. Head-to-head never changes during a
// match and is not asked for again.
import { useEffect, useMemo, useState } from 'react';
import type { MatchSummary } from '../../../domain/football-contracts.ts';
import { readClock } from '../../../domain/match-clock.ts';
import type { MatchInsight } from '../../../domain/match-insight.ts';
import { isLive } from '../../../domain/match-status.ts';
import { useNow } from '../../lib/live/use-live.ts';

const DEBOUNCE_MS = 1_000;

/** What a refresh depends on: status, score and the minute on the clock. */
function liveSignature(match: MatchSummary, now: Date): string {
  const reading = match.clock ? readClock(match.clock, now) : null;
  const minute = reading ? `${reading.minute}+${reading.added ?? 0}` : (match.minute ?? '');
  return `${match.status}:${match.clock?.phase ?? ''}:${match.score.home ?? ''}-${match.score.away ?? ''}:${minute}`;
}

export function useMatchInsight(initial: MatchInsight, match: MatchSummary): MatchInsight {
  const live = isLive(match.status);
  const now = useNow(5_000, live);
  const signature = liveSignature(match, now);
  const [insight, setInsight] = useState(initial);
  const [source, setSource] = useState(initial);
  const [initialSignature, setInitialSignature] = useState(signature);
  if (source !== initial) {
    // New loader data (navigation, revalidation): start again from it.
    setSource(initial);
    setInsight(initial);
    setInitialSignature(signature);
  }
  const url = useMemo(() => `/api/matches/${match.id}/insight?parts=momentum,table`, [match.id]);

  useEffect(() => {
    if (signature === initialSignature) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      // no-cache: the API's short shared cache lifetime must not hold back the minute just played.
      fetch(url, { signal: controller.signal, cache: 'no-cache', headers: { accept: 'application/json' } })
        .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`insight: ${response.status}`))))
        // The schema (and zod) load with the first refresh, not with the page (issue #5 byte budget).
        .then(async (body: unknown) => {
          const { matchInsightSchema } = await import('../../../domain/match-insight.ts');
          const parsed = matchInsightSchema.safeParse(body);
          if (parsed.success) setInsight((current) => ({ ...current, momentum: parsed.data.momentum ?? null, table: parsed.data.table ?? null }));
        })
        // A missed refresh is made good by the next minute or a reload.
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [url, signature, initialSignature]);
  return insight;
}
