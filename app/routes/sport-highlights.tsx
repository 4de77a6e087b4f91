// Football highlights (issues #5, #22): the latest highlight videos by competition and date (newest first,
// each to its /match-highlight/{id} page), then the latest finished matches that have event data — their
// key-moment replay on the match page's Highlight tab, plus timeline, stats and chalkboard.
// Outline: h1 the page; h2 "Highlight videos" > h3 each competition; h2 "Key-moment replays" > h3 each day >
// h4 each competition of that day.
import type { MediaItem } from '../../domain/media-contracts.ts';
import { PageHeader } from '../components/page-header.tsx';
import { MediaCard } from '../features/media/media-card.tsx';
import { spoilerHides, spoilerSafeFor } from '../features/media/media.server.ts';
import { useRevealedTitles } from '../features/media/revealed-titles.ts';
import {
  highlightMatchOf,
  mayTellScore,
  neutralHighlightTitle,
  type HighlightMatch,
} from '../features/media/spoiler-safe.ts';
import { formatDay } from '../features/match-list/dates.ts';
import { visitorSettings } from '../features/match-list/day.server.ts';
import { EmptyState, SpoilerToggle, useListView, CompetitionGroups } from '../features/match-list/match-list.tsx';
import { pageMeta } from '../lib/seo/seo.ts';
import { localDateIn } from '../lib/time/time-zone.ts';
import type { Route } from './+types/sport-highlights';
import { getServices } from '../../server/router-context.server.ts';

export const handle = { breadcrumb: 'Football highlights' };

const RECENT_LIMIT = 30;
const VIDEO_LIMIT = 24;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { timeZone, timeZoneSource, spoilerSafe } = visitorSettings(request);
  const { football, media } = getServices(context);
  const [matches, videos] = await Promise.all([
    football.listRecentMatchesWithEvents(RECENT_LIMIT),
    media.list({ kind: 'highlight', limit: VIDEO_LIMIT }),
  ]);
  // Each video under its match's competition, with the match's date; newest match first.
  const withMatch = await Promise.all(
    videos.map(async (item) => {
      const match = item.links.matchId === null ? null : await football.getMatch(item.links.matchId).catch(() => null);
      const teams = match ? highlightMatchOf(match) : null;
      return {
        // Spoiler-safe mode (the visitor's cookies): a hidden match's real title never reaches the page.
        item: spoilerSafeFor(request, item, new Map(teams ? [[teams.id, teams]] : [])),
        // Its title here is the neutral one: revealed on the page, the real one is asked for then.
        titleHidden: mayTellScore(item) && spoilerHides(request, teams),
        match: teams,
        competition: match?.competition.name ?? 'Other highlights',
        date: match?.replayOf?.kickoffAt ?? match?.kickoffAt ?? item.publishedAt,
      };
    }),
  );
  withMatch.sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
  const byCompetition = new Map<
    string,
    Array<{ item: MediaItem; titleHidden: boolean; match: HighlightMatch | null; date: string }>
  >();
  for (const entry of withMatch)
    byCompetition.set(entry.competition, [...(byCompetition.get(entry.competition) ?? []), entry]);
  return { timeZone, timeZoneSource, spoilerSafe, matches, highlights: [...byCompetition] };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Football highlights',
    description: 'The latest football matches with their timeline, stats and shot maps.',
  });

export default function SportHighlights({ loaderData }: Route.ComponentProps) {
  const view = useListView(loaderData);
  // "Hide scores" switched on here (no reload): the card's title turns neutral at once; switched off (or the match's
  // score shown with its "Show"), the real title comes back, asked for if the loader left it out.
  const hiddenNow = ({ item, match }: { item: MediaItem; match: HighlightMatch | null }) =>
    mayTellScore(item) && (match ? view.spoiler.isHidden(match) : view.spoiler.spoilerSafe);
  const revealed = useRevealedTitles(
    loaderData.highlights.flatMap(([, entries]) =>
      entries.filter((entry) => entry.titleHidden && !hiddenNow(entry)).map((entry) => entry.item.id),
    ),
  );
  // One block per day, newest first; inside it, matches under their competition.
  const days = new Map<string, typeof loaderData.matches>();
  for (const match of loaderData.matches) {
    const day = localDateIn(new Date(match.kickoffAt), view.timeZone);
    days.set(day, [...(days.get(day) ?? []), match]);
  }
  return (
    <>
      <PageHeader title="Football highlights">
        The latest highlight videos, then recent matches with a key-moment replay drawn from their event data.
      </PageHeader>
      {/* "Hide scores" governs both parts: the videos' titles and the matches' scores. */}
      <div className="mb-4 flex justify-end">
        <SpoilerToggle spoiler={view.spoiler} />
      </div>
      <section aria-labelledby="highlight-videos" className="mb-8">
        <h2 id="highlight-videos" className="mb-2 text-xl font-semibold">
          Highlight videos
        </h2>
        {loaderData.highlights.length > 0 ? (
          loaderData.highlights.map(([competition, entries]) => (
            <section key={competition} aria-label={competition} className="mb-4">
              <h3 className="mb-2 font-semibold">{competition}</h3>
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
                {entries.map((entry) => (
                  <li key={entry.item.id}>
                    <MediaCard
                      item={entry.item}
                      title={
                        hiddenNow(entry)
                          ? neutralHighlightTitle(entry.match)
                          : (revealed.get(entry.item.id) ?? entry.item.title)
                      }
                    />
                    <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">
                      {formatDay(localDateIn(new Date(entry.date), view.timeZone))}
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          ))
        ) : (
          <EmptyState>No highlight video is published yet.</EmptyState>
        )}
      </section>
      <section aria-labelledby="key-moment-replays">
        <h2 id="key-moment-replays" className="mb-1 text-xl font-semibold">
          Key-moment replays
        </h2>
        <p className="mb-2 text-sm text-slate-700 dark:text-slate-300">
          Matches with event data: the Highlight tab of each match replays its goals and big chances on a pitch.
        </p>
        {days.size > 0 ? (
          <div className="space-y-6">
            {[...days].map(([day, matches]) => (
              <section key={day} aria-labelledby={`day-${day}`}>
                <h3 id={`day-${day}`} className="mb-2 text-lg font-semibold">
                  {formatDay(day)}
                </h3>
                <CompetitionGroups
                  listId={`day-${day}`}
                  matches={[...matches].reverse()}
                  competitionOrder={[]}
                  view={view}
                  headingLevel={4}
                />
              </section>
            ))}
          </div>
        ) : (
          <EmptyState>No recent match has event data yet.</EmptyState>
        )}
      </section>
    </>
  );
}
