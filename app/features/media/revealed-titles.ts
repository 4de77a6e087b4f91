// Spoiler-safe highlights revealed on the page (issue #22 with issue #5's "Hide scores"): while a match's score is
// hidden, the loader leaves its highlight's real title out of the page (a neutral one instead, spoiler-safe.ts).
// When the visitor reveals the score where the page offers it — "Hide scores" switched off, or a match's "Show" —
// the page shows the real title at once, without a reload, as a list shows a revealed score: it asks the
// catalogue for it (GET /api/media/{id}, which has no spoiler-safe mode) only then.
import { useEffect, useRef, useState } from 'react';

function titleOf(answer: unknown): string | null {
  const item = (answer as { item?: { title?: unknown } } | null)?.item;
  return typeof item?.title === 'string' ? item.title : null;
}

/**
 * The real titles of the videos `ids` names (videos whose title the page has only in its neutral form and whose
 * score is now shown), each asked for once; the map fills in as the answers come. A failed answer is asked
 * again the next time the ids change.
 */
export function useRevealedTitles(ids: readonly number[]): ReadonlyMap<number, string> {
  const [titles, setTitles] = useState<ReadonlyMap<number, string>>(() => new Map());
  const asked = useRef(new Set<number>());
  const key = [...new Set(ids)].sort((a, b) => a - b).join(',');
  useEffect(() => {
    if (key === '') return;
    for (const id of key.split(',').map(Number)) {
      if (asked.current.has(id)) continue;
      asked.current.add(id);
      void fetch(`/api/media/${id}`, { headers: { accept: 'application/json' } })
        .then(async (response) => (response.ok ? ((await response.json()) as unknown) : null))
        .then((answer) => {
          const title = titleOf(answer);
          if (title === null) asked.current.delete(id);
          else setTitles((current) => new Map(current).set(id, title));
        })
        .catch(() => asked.current.delete(id));
    }
  }, [key]);
  return titles;
}
