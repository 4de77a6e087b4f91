// The matches staff pinned on a hot list (issue #20): first, in their order,
// each with its label ("Derby", "Final") and its competition, above the
// automatic choice. Rendered by the server; the pages load its code after their
// own (app/lib/loading/deferred.tsx), which keeps them within the first-load
// budget.
import type { MatchSummary } from '../../../domain/football-contracts.ts';
import { isLive } from '../../../domain/match-status.ts';
import { useNow } from '../../lib/live/use-live.ts';
import { Row, type ListView } from './match-list.tsx';

export interface FeaturedMatchesProps {
  /** Unique on the page: the heading's id. */
  listId: string;
  /** Live-patched, in pin order. */
  matches: MatchSummary[];
  /** Labels by match id. */
  labels: Record<string, string>;
  view: ListView;
  headingLevel: 2 | 3;
}

export function FeaturedMatches({ listId, matches, labels, view, headingLevel }: FeaturedMatchesProps) {
  const now = useNow(
    1000,
    matches.some((match) => isLive(match.status)),
  );
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby={listId}
      data-testid="featured-matches"
      className="rounded-xl border border-amber-300 bg-white shadow-sm dark:border-amber-800 dark:bg-slate-900"
    >
      <div className="border-b border-amber-200 px-3 py-2 dark:border-amber-900">
        <Heading id={listId} className="text-sm font-semibold">
          Featured
        </Heading>
      </div>
      <ol className="divide-y divide-slate-100 px-1 py-1 dark:divide-slate-800">
        {matches.map((match) => {
          const label = labels[String(match.id)];
          return (
            <li key={match.id} data-testid="featured-match">
              <p className="flex min-w-0 items-center gap-2 px-2 pt-1.5 text-xs text-slate-600 dark:text-slate-400">
                {label ? (
                  <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                    {label}
                  </span>
                ) : null}
                <span className="truncate">{match.competition.name}</span>
              </p>
              <ul>
                <Row
                  match={match}
                  now={now}
                  timeZone={view.timeZone}
                  hidden={view.spoiler.isHidden(match)}
                  starred={view.favourites.matches.includes(match.id)}
                  reveal={view.spoiler.reveal}
                />
              </ul>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
