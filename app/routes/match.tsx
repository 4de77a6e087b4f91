// The match frame: the live header (teams, score, clock, status, replay label)
// and the tabs shared by the match centre and its highlight tab. The frame
// owns the match's live data and hands it to its tabs (issue #4).
import { data, Outlet, redirect, useLocation, useOutletContext } from 'react-router';
import { z } from 'zod';
import type { MatchSummary } from '../../domain/football-contracts.ts';
import { clockLabel } from '../../domain/match-clock.ts';
import { describeRound } from '../../domain/match-order.ts';
import { isLive, isResultMissing } from '../../domain/match-status.ts';
import { AppNavLink } from '../components/app-link.tsx';
import { JsonLd } from '../components/json-ld.tsx';
import { LiveDelaySetting } from '../features/preferences/live-delay-setting.tsx';
import { TeamBadge } from '../components/match-row.tsx';
import { RELIVE_SPEEDS } from '../../domain/replay-schedule.ts';
import { formatDate } from '../../domain/time-zones.ts';
import { loadMatchInsight } from '../features/match-centre/insight.server.ts';
import { numericIdSchema, parseParams } from '../lib/routing/params.ts';
import type { RouteHandle } from '../lib/routing/route-handle.ts';
import { useRootData } from '../lib/site/site.ts';
import { hidesMatch, spoilerSettingFromCookie } from '../lib/preferences/spoiler.ts';
import { matchStructuredData } from '../lib/seo/structured-data.ts';
import { useLiveMatch, useNow, type LiveMatchData } from '../lib/live/use-live.ts';
import type { Route } from './+types/match';
import { getRequestAuth, getServices } from '../../server/router-context.server.ts';
import { deferred } from '../lib/loading/deferred.tsx';
import type { HouseAdProps } from '../features/ads/house-ad.tsx';
import type { ChatBoxProps } from '../features/chat/chat-box.tsx';
import { hasScope } from '../../domain/staff-access.ts';
import { loadHouseAd } from '../features/pricing/deals.server.ts';

// The house ad (issue #21): none for a visitor with no_ads, decided by the loader; code after the page's.
const HouseAd = deferred<HouseAdProps>(async () => (await import('../features/ads/house-ad.tsx')).HouseAd);
// "Relive this match" (issue #4), shown on finished demo-pool matches only: its code after the page's too, which
// leaves the first-load budget room for the chat box below.
const ReliveForm = deferred<{ error: string | null }>(
  async () => (await import('../features/match-centre/relive-form.tsx')).ReliveForm,
);
// The live chat (issue #23): its code, obscenity's word lists with it, loads after the page's (first-load budget).
const ChatBox = deferred<ChatBoxProps>(async () => (await import('../features/chat/chat-box.tsx')).default);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { id } = parseParams(z.object({ id: numericIdSchema.optional() }), params);
  if (id === undefined)
    return { id: null, live: null, position: null, replayable: false, spoilerHidden: false, chat: null };
  const { football, live, ingest, chat: chatRooms } = getServices(context);
  // The position first: whatever happens after it reaches the page over the live stream.
  const position = await live.position();
  const replayable = (await ingest.replay.pool()).includes(id);
  try {
    const [match, events, commentary, stats, insight, ad, user, chatHistory, chatRoom] = await Promise.all([
      football.getMatch(id),
      football.listMatchEvents(id),
      football.listCommentary(id),
      football.getStats(id),
      loadMatchInsight(context, id),
      loadHouseAd(context),
      getRequestAuth(context).currentUser(),
      // The chat's last 100 messages and its room, read after the position like the rest (issue #23): in the
      // HTML, so the chat reads without JavaScript; the stream brings what came after.
      chatRooms.history(id),
      chatRooms.room(id),
    ]);
    // Chat moderators (scope cms:chat) get the in-page moderation tools; the API checks the scope again.
    const chatModerator = user !== null && hasScope(user.scopes, 'cms:chat');
    const liveData: LiveMatchData = { match, events, commentary, stats: stats.teams.length > 0 ? stats : null };
    // Spoiler-safe mode: the score and everything that tells it stay out of the page until revealed
    // (the reveal link adds ?reveal=1, so it works without JavaScript too).
    const spoilerHidden =
      hidesMatch(spoilerSettingFromCookie(request.headers.get('cookie')), match) &&
      new URL(request.url).searchParams.get('reveal') !== '1';
    // The chat box's props in one piece: the page's first-load JavaScript has no bytes to spare (issue #5).
    const chat: ChatBoxProps = {
      matchId: id,
      position,
      moderator: chatModerator,
      spoilerHidden,
      initial: chatHistory && chatRoom ? { history: chatHistory, room: chatRoom } : null,
      // What the box times the room's opening and closing with (domain/chat-window.ts).
      roomWindow: { status: match.status, kickoffAt: match.kickoffAt, clock: match.clock },
    };
    return { id, live: liveData, position, replayable, insight, spoilerHidden, ad, chat };
  } catch (error) {
    if (error instanceof Error && error.name === 'NotFoundError') throw data(null, { status: 404, statusText: 'Not Found' });
    throw error;
  }
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

/** "Relive this match": starts an on-demand replay and opens it. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { id } = parseParams(z.object({ id: numericIdSchema }), params);
  const form = await request.formData();
  const speed = z.coerce.number().refine((value) => (RELIVE_SPEEDS as readonly number[]).includes(value)).safeParse(form.get('speed'));
  if (!speed.success) return data({ error: 'Choose one of the offered speeds.' }, { status: 400 });
  const outcome = await getServices(context).replays.relive(id, speed.data, { ip: getRequestAuth(context).meta.ip });
  if (!outcome.ok && outcome.reason === 'too-many') {
    return data({ error: `${outcome.message}.` }, { status: 429, headers: { 'Retry-After': String(outcome.retryAfterSeconds) } });
  }
  if (!outcome.ok) return data({ error: outcome.message }, { status: 404 });
  return redirect(`/match/${outcome.match.id}`);
}

export const handle: RouteHandle = {
  breadcrumb: (loaderData) => {
    const match = (loaderData as LoaderData | undefined)?.live?.match;
    return match ? `${match.home.shortName} v ${match.away.shortName}` : 'Matches';
  },
};

/** "14 Jan 2018": the match's date (UTC), as in its title. */
export function formatMatchDate(iso: string): string {
  return formatDate(iso, 'UTC', { short: true });
}

function statusText(match: MatchSummary, now: Date): string {
  if (match.clock && isLive(match.status)) {
    const label = clockLabel(match.clock, now);
    if (label) return label;
  }
  switch (match.status) {
    case 'scheduled':
      // Long past its kick-off with no result in our data: say so, never "not started" (issue #19).
      return isResultMissing(match, now) ? 'Result not available' : 'Not started';
    case 'finished':
      return match.score.penalties ? 'FT (pens)' : match.score.extraTime ? 'AET' : 'FT';
    case 'half-time':
      return 'HT';
    case 'live':
      return match.minute !== null ? `${match.minute}'` : 'Live';
    default:
      return match.status.charAt(0).toUpperCase() + match.status.slice(1);
  }
}

export function MatchHeader({
  match,
  canRelive = false,
  reliveError = null,
  hideScore = false,
}: {
  match: MatchSummary;
  canRelive?: boolean;
  reliveError?: string | null;
  hideScore?: boolean;
}) {
  const live = isLive(match.status);
  const now = useNow(1000, live);
  const scored = match.score.home !== null && match.score.away !== null && !hideScore;
  // "AET" or "FT (pens)" would say the match was level after 90 minutes.
  const status = hideScore && match.status === 'finished' ? 'FT' : statusText(match, now);
  return (
    <header className="mb-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        {match.competition.name}
        {describeRound(match) ? ` · ${describeRound(match)}` : ''}
      </p>
      {match.replayOf ? (
        <p className="mx-auto mt-2 w-fit rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
          Replay of the match played on {formatMatchDate(match.replayOf.kickoffAt)}: not a live match
        </p>
      ) : null}
      {match.replayOf ? (
        <p className="mt-1 text-center text-xs">
          <AppNavLink
            to={`/league/${match.competition.code}?season=${match.season}&replay=${match.id}#standings`}
            className="text-slate-700 underline dark:text-slate-300"
          >
            The table as it stood then, with this replay&rsquo;s score
          </AppNavLink>
        </p>
      ) : null}
      <h1 className="sr-only">
        {match.home.name} v {match.away.name}
      </h1>
      <div className="mt-3 grid grid-cols-[1fr_auto_1fr] items-center gap-3">
        <div className="flex flex-col items-center gap-2 text-center">
          <TeamBadge team={match.home} size="lg" />
          <p
            className="text-base font-semibold sm:text-lg"
            title={match.home.shortName === match.home.name ? undefined : match.home.name}
          >
            {match.home.shortName}
          </p>
        </div>
        <div className="text-center">
          <p className="text-4xl font-bold tabular-nums" data-testid="match-score">
            {scored ? (
              <>
                <span className="sr-only">Score: </span>
                {match.score.home} – {match.score.away}
              </>
            ) : hideScore && match.score.home !== null ? (
              <span className="text-2xl" aria-label="Score hidden">
                ? – ?
              </span>
            ) : (
              <span className="text-2xl">v</span>
            )}
          </p>
          {match.score.penalties && !hideScore ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {match.score.penalties.home} – {match.score.penalties.away} on penalties
            </p>
          ) : null}
          <p
            className={`mt-1 text-sm font-semibold ${live ? 'text-red-700 dark:text-red-400' : 'text-slate-700 dark:text-slate-300'}`}
            data-testid="match-status"
            suppressHydrationWarning
          >
            {status}
          </p>
        </div>
        <div className="flex flex-col items-center gap-2 text-center">
          <TeamBadge team={match.away} size="lg" />
          <p
            className="text-base font-semibold sm:text-lg"
            title={match.away.shortName === match.away.name ? undefined : match.away.name}
          >
            {match.away.shortName}
          </p>
        </div>
      </div>
      <p className="mt-3 text-center text-xs text-slate-600 dark:text-slate-400">
        {match.replayOf ? 'Replay kick-off' : 'Kick-off'} {formatMatchDate(match.kickoffAt)}
        {match.venue ? ` · ${match.venue}` : ''}
      </p>
      {canRelive ? <ReliveForm error={reliveError} /> : null}
    </header>
  );
}

export function useMatchData(): LiveMatchData {
  return useOutletContext<LiveMatchData>();
}

export default function MatchFrame({ loaderData, actionData }: Route.ComponentProps) {
  const baseUrl = useRootData()?.site.baseUrl ?? 'http://localhost:3000';
  if (loaderData.live === null) return <Outlet />;
  const { match } = loaderData.live;
  return (
    <>
      {/* SEO (spec): the match as a schema.org SportsEvent; a demo replay is no event. */}
      {match.replayOf ? null : <JsonLd data={matchStructuredData(match, baseUrl)} />}
      <LiveMatchFrame
        initial={loaderData.live}
        position={loaderData.position}
        canRelive={loaderData.replayable && loaderData.live.match.status === 'finished'}
        reliveError={actionData?.error ?? null}
        spoilerHidden={loaderData.spoilerHidden}
      />
      {loaderData.chat && <ChatBox {...loaderData.chat} />}
      <HouseAd ad={loaderData.ad} className="mt-6" />
    </>
  );
}

/** The cover of a hidden score; "Reveal the score" reveals it on the tab the fan is on (?reveal=1, no JS needed). */
function SpoilerCover() {
  const { pathname } = useLocation();
  return (
    <section
      aria-labelledby="spoiler-cover-title"
      className="rounded-xl border border-slate-200 bg-white p-6 text-center dark:border-slate-800 dark:bg-slate-900"
      data-testid="spoiler-cover"
    >
      <h2 id="spoiler-cover-title" className="text-lg font-semibold">
        Score hidden
      </h2>
      <p className="mx-auto mt-2 max-w-prose text-sm text-slate-700 dark:text-slate-300">
        Spoiler-safe mode is on for this match: the score, timeline, commentary, statistics and line-ups stay hidden
        until you choose to see them.
      </p>
      <AppNavLink
        to={`${pathname}?reveal=1`}
        className="mt-4 inline-block rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
      >
        Reveal the score
      </AppNavLink>
    </section>
  );
}

function LiveMatchFrame({
  initial,
  position,
  canRelive,
  reliveError,
  spoilerHidden,
}: {
  initial: LiveMatchData;
  position: number | null;
  canRelive: boolean;
  reliveError: string | null;
  spoilerHidden: boolean;
}) {
  const live = useLiveMatch(initial, position);
  const id = live.match.id;
  const tabClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-t px-3 py-2 text-sm ${isActive ? 'border-b-2 border-brand-600 font-semibold' : 'text-slate-700 dark:text-slate-300'}`;
  return (
    <>
      <MatchHeader
        match={live.match}
        canRelive={canRelive && live.match.status === 'finished'}
        reliveError={reliveError}
        hideScore={spoilerHidden}
      />
      {live.match.status === 'scheduled' || isLive(live.match.status) ? (
        <div className="-mt-2 mb-4 flex justify-end">
          <LiveDelaySetting />
        </div>
      ) : null}
      <nav aria-label="Match sections" className="mb-4 flex gap-2 border-b border-slate-200 dark:border-slate-800">
        <AppNavLink to={`/match/${id}`} end className={tabClass}>
          Match centre
        </AppNavLink>
        <AppNavLink to={`/match/${id}/highlight`} className={tabClass}>
          Highlight
        </AppNavLink>
      </nav>
      {spoilerHidden ? <SpoilerCover /> : <Outlet context={live} />}
    </>
  );
}
