// Home (issue #5): live now, fixtures and results for a date in the visitor's
// time zone, the day's hot matches (staff pins first, issue #20) and the
// competitions, and what the visitor follows (issue #19). `?date=YYYY-MM-DD` picks the date and `?tz=Area/City`
// fixes the zone (see app/lib/time/time-zone.ts).
import { useMemo } from 'react';
import { data } from 'react-router';
import { AppLink } from '../components/app-link.tsx';
import { PageHeader } from '../components/page-header.tsx';
import type { FollowingSectionProps } from '../features/following/following-section.tsx';
import type { FeaturedMatchesProps } from '../features/match-list/featured-matches.tsx';
import { deferred } from '../lib/loading/deferred.tsx';
import type { HouseAdProps } from '../features/ads/house-ad.tsx';
import type { HomeBannersProps } from '../features/pricing/home-banners.tsx';
import { loadHomeExtras } from '../features/pricing/deals.server.ts';
import { DayView } from '../features/match-list/day-view.tsx';
import { loadDayList } from '../features/match-list/day.server.ts';
import { CompetitionGroups, CompetitionLinks, useListView } from '../features/match-list/match-list.tsx';
import { pageMeta } from '../lib/seo/seo.ts';
import { useLiveScores } from '../lib/live/use-live.ts';
import type { Route } from './+types/home';
import { getServices } from '../../server/router-context.server.ts';

// Rendered by the server (as an invitation: favourites live on the device); its code loads after the
// page's, which keeps home within its first-load budget (server/page-budgets.test.ts).
const FollowingSection = deferred<FollowingSectionProps>(
  async () => (await import('../features/following/following-section.tsx')).FollowingSection,
);

// Staff pins on the hot list (issue #20): rendered by the server, code after the page's, as above.
const FeaturedMatches = deferred<FeaturedMatchesProps>(
  async () => (await import('../features/match-list/featured-matches.tsx')).FeaturedMatches,
);

// The hidden deal, the plan's expiry reminder and the house ad (issue #21): decided by the loader and
// rendered by the server, code after the page's, as above.
const HomeBanners = deferred<HomeBannersProps>(
  async () => (await import('../features/pricing/home-banners.tsx')).HomeBanners,
);
const HouseAd = deferred<HouseAdProps>(async () => (await import('../features/ads/house-ad.tsx')).HouseAd);

const HOT_ON_HOME = 5;
const COMPETITIONS_ON_HOME = 12;

export async function loader({ request, context }: Route.LoaderArgs) {
  const day = await loadDayList(request, context);
  const { extras, headers } = await loadHomeExtras(request, context, day.today);
  const currency = getServices(context).config.PAYMENT_CURRENCY;
  if (day.date !== day.today) return data({ ...day, hot: null, extras, currency }, { headers });
  // The hot section names its matches by id: they are among the day's (or, a pin played past midnight, the live) ones.
  const hot = await getServices(context).hotMatches.listHotMatches({
    date: day.today,
    timeZone: day.timeZone,
    limit: HOT_ON_HOME,
    dayMatches: day.matches,
    competitions: day.competitions,
  });
  return data(
    {
      ...day,
      hot: { ids: hot.matches.map((match) => match.id), pinned: hot.pinned, labels: hot.labels },
      extras,
      currency,
    },
    { headers },
  );
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function Home({ loaderData }: Route.ComponentProps) {
  const view = useListView(loaderData);
  const order = useMemo(
    () => loaderData.competitions.map((competition) => competition.code),
    [loaderData.competitions],
  );
  // Memoised: useLiveScores starts over whenever it is handed a new list.
  const hotSource = useMemo(() => {
    const byId = new Map([...loaderData.live, ...loaderData.matches].map((match) => [match.id, match]));
    return loaderData.hot?.ids.flatMap((id) => byId.get(id) ?? []) ?? [];
  }, [loaderData.hot, loaderData.matches, loaderData.live]);
  const hot = useLiveScores(hotSource, loaderData.position);
  const pinned = loaderData.hot?.pinned ?? 0;
  const featured = useMemo(() => hot.slice(0, pinned), [hot, pinned]);
  const ranked = useMemo(() => hot.slice(pinned), [hot, pinned]);
  return (
    <>
      <PageHeader title="Football scores today">
        Live scores, fixtures and results from the competitions this site follows.
      </PageHeader>
      <HomeBanners
        deal={loaderData.extras.deal}
        dealNote={loaderData.extras.dealNote}
        expiry={loaderData.extras.expiry}
        currency={loaderData.currency}
      />
      {/* A phone shows Following first; a laptop at the top of the side column, beside the day's matches
          (the day spans both rows; the `1fr` row takes its height, so nothing gapes under Following). */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
        <div className="lg:col-start-3 lg:row-start-1">
          <FollowingSection timeZone={view.timeZone} isHidden={view.spoiler.isHidden} />
        </div>
        <div className="lg:col-span-2 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <DayView data={loaderData} view={view} />
        </div>
        <aside className="space-y-6 lg:col-start-3 lg:row-start-2" aria-label="More matches">
          <HouseAd ad={loaderData.extras.ad} />
          <section aria-labelledby="hot-heading">
            <h2 id="hot-heading" className="mb-2 text-lg font-semibold">
              Hot matches today
            </h2>
            {featured.length > 0 ? (
              <div className="mb-4">
                <FeaturedMatches listId="hot-featured" matches={featured} labels={loaderData.hot?.labels ?? {}} view={view} headingLevel={3} />
              </div>
            ) : null}
            {ranked.length > 0 ? (
              <CompetitionGroups listId="hot" matches={ranked} competitionOrder={order} view={view} />
            ) : loaderData.hot && hot.length === 0 ? (
              <p className="text-sm text-slate-700 dark:text-slate-300">
                No matches today in the competitions this site follows.
              </p>
            ) : null}
            <p className="mt-2 text-sm">
              <AppLink to="/hot-match-today" className="font-semibold underline underline-offset-2">
                All of today&apos;s hot matches
              </AppLink>
            </p>
          </section>
          <section aria-labelledby="competitions-heading">
            <h2 id="competitions-heading" className="mb-2 text-lg font-semibold">
              Competitions
            </h2>
            <CompetitionLinks competitions={loaderData.competitions} limit={COMPETITIONS_ON_HOME} />
            <p className="mt-2 text-sm">
              <AppLink to="/league" className="font-semibold underline underline-offset-2">
                All competitions
              </AppLink>
            </p>
          </section>
        </aside>
      </div>
    </>
  );
}
