// What the Following section shows, fetched from GET /api/following whenever
// the device's favourites change (a star here or in another tab, or the
// account's set arriving after sign-in). The answer to the previous question
// stays on screen while the next one loads, so starring one more team does not
// blank the section.
import { useEffect, useMemo, useState } from 'react';
import type { Following } from '../../../domain/following-contracts.ts';
import type { Favourites } from '../../lib/preferences/favourites.ts';
import { followingQuery } from './following-query.ts';

interface Answer {
  /** The question this answers (or failed to). */
  query: string;
  data: Following | null;
  failed: boolean;
}

export interface FollowingState {
  data: Following | null;
  /** The favourites changed and their answer is on its way. */
  loading: boolean;
  /** The last question got no answer (offline, server error). */
  failed: boolean;
  retry: () => void;
}

export function useFollowing(favourites: Favourites): FollowingState {
  const query = useMemo(() => followingQuery(favourites), [favourites]);
  const [answer, setAnswer] = useState<Answer>({ query: '', data: null, failed: false });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (query === '') return;
    const controller = new AbortController();
    fetch(`/api/following?${query}`, { signal: controller.signal, headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`following: ${response.status}`))))
      // The schema (and zod) load with the first answer, not with the page (issue #5 byte budget).
      .then(async (body: unknown) => {
        const { followingSchema } = await import('../../../domain/following-contracts.ts');
        const parsed = followingSchema.safeParse(body);
        if (!parsed.success) throw new Error('following: unexpected answer');
        if (!controller.signal.aborted) setAnswer({ query, data: parsed.data, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setAnswer((current) => ({ ...current, query, failed: true }));
      });
    return () => controller.abort();
  }, [query, attempt]);

  return {
    data: answer.data,
    loading: query !== '' && answer.query !== query,
    failed: query !== '' && answer.query === query && answer.failed,
    retry: () => {
      // Loading again, not failed, until the new answer comes.
      setAnswer((current) => ({ ...current, query: '', failed: false }));
      setAttempt((count) => count + 1);
    },
  };
}
