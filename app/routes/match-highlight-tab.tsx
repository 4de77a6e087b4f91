// The match page's highlight tab (issue #22): the match's highlight video when
// there is one (another part of the issue puts it in the slot at the top), and
// below it the key-moment replay drawn from the match's event data, or an
// honest word when the data has none.
import { useEffect, useState } from 'react';
import { data } from 'react-router';
import { z } from 'zod';
import type { MatchSummary } from '../../domain/football-contracts.ts';
import type { KeyMoments } from '../../domain/key-moments.ts';
import { loadKeyMoments } from '../features/key-moments/key-moments.server.ts';
import { embedHeaders, highlightMatches, loadViewer, spoilerSafeFor } from '../features/media/media.server.ts';
import { ownHeaders } from '../features/payment/route-headers.ts';
import { Player } from '../features/media/player.tsx';
import { AppLink } from '../components/app-link.tsx';
import { deferred, deferredCodeLoaded } from '../lib/loading/deferred.tsx';
import { numericIdSchema, parseParams } from '../lib/routing/params.ts';
import { pageMeta } from '../lib/seo/seo.ts';
import type { LiveMatchData } from '../lib/live/use-live.ts';
import { formatMatchDate, useMatchData } from './match.tsx';
import type { Route } from './+types/match-highlight-tab';
import { getServices } from '../../server/router-context.server.ts';

// The replay's code is not part of the match page's first-load JavaScript (issue #5's budget): the server renders
// it in full, the browser hydrates it when its chunk arrives (app/lib/loading/deferred.tsx).
const KeyMomentReplay = deferred<{ match: MatchSummary; data: KeyMoments; initialSeq?: number }>(
  async () => (await import('../features/key-moments/key-moment-replay.tsx')).KeyMomentReplay,
);

// Switching between the match centre and its highlight keeps the reader's place.
export const handle = { breadcrumb: 'Highlight', preserveScroll: true };

// An embed highlight's platform is allowed in a frame on this tab only (FRAME_SRC_HEADER); ownHeaders starts
// from the match route's headers, so the tab keeps whatever caching the match page sends.
export const headers: Route.HeadersFunction = ownHeaders;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  // The parent validated the id when present; a highlight needs one.
  const { id } = parseParams(z.object({ id: numericIdSchema.optional() }), params);
  if (id === undefined) throw data(null, { status: 404 });
  const moment = numericIdSchema.safeParse(new URL(request.url).searchParams.get('moment') ?? '');
  const [keyMoments, videos, viewer] = await Promise.all([
    loadKeyMoments(context, id),
    getServices(context).media.list({ kind: 'highlight', matchId: id, limit: 1 }),
    loadViewer(context),
  ]);
  // Spoiler-safe mode covers the tab (the match route shows its cover instead), and the video's title, which
  // may tell the score, stays out of the page's data as well.
  const found = videos[0] ?? null;
  const video = found ? spoilerSafeFor(request, found, await highlightMatches(context, [found])) : null;
  return data(
    { keyMoments, video, viewer, moment: moment.success ? moment.data : undefined },
    { headers: await embedHeaders(context, [video]) },
  );
}

// A client-side navigation waits for the replay's code as well as the data, so it comes with the page.
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [loaded] = await Promise.all([serverLoader(), deferredCodeLoaded()]);
  return loaded;
}

export const meta: Route.MetaFunction = (args) => {
  // The title template of the match centre ('Arsenal v Chelsea, 14 Jan 2018 highlight | Scoreline').
  const frame = args.matches.find((match) => match?.id === 'routes/match')?.loaderData as
    { live: LiveMatchData | null } | undefined;
  const match = frame?.live?.match;
  if (!match) return pageMeta(args, { title: 'Match highlight', description: 'Video highlights of the match.' });
  const fixture = `${match.home.name} v ${match.away.name}`;
  return pageMeta(args, {
    title: `${fixture}, ${formatMatchDate(match.replayOf?.kickoffAt ?? match.kickoffAt)} highlight`,
    description: `${match.competition.name}: video highlights and key-moment replay of ${fixture}.`,
  });
};

/** How often a replay in progress asks for the moments its clock has reached since. */
const REPLAY_POLL_MS = 10_000;

/**
 * The key moments, kept current while a demo replay is in progress (`upTo` set): the new moments its clock has
 * reached come from the API, without a reload. A finished match's never change.
 */
function useCurrentKeyMoments(initial: KeyMoments): KeyMoments {
  const [current, setCurrent] = useState(initial);
  const [seen, setSeen] = useState(initial);
  if (seen !== initial) {
    // A new loader answer (another match, a revalidation) replaces whatever was fetched.
    setSeen(initial);
    setCurrent(initial);
  }
  const inProgress = current.upTo !== null;
  useEffect(() => {
    if (!inProgress) return;
    let stopped = false;
    const timer = window.setInterval(() => {
      fetch(`/api/matches/${current.matchId}/key-moments`, { cache: 'no-cache' })
        .then(async (response) => {
          if (response.ok && !stopped) setCurrent((await response.json()) as KeyMoments);
        })
        .catch(() => undefined);
    }, REPLAY_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [current.matchId, inProgress]);
  return current;
}

function Notice({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{children}</p>
    </section>
  );
}

export default function MatchHighlightTab({ loaderData }: Route.ComponentProps) {
  const { match } = useMatchData();
  const keyMoments = useCurrentKeyMoments(loaderData.keyMoments);
  const { moment, video, viewer } = loaderData;
  let replay: React.ReactNode;
  if (!keyMoments.hasActions)
    replay = (
      <Notice title="Key moments">
        There is no event data for this match, so there is no key-moment replay. Replays are drawn from on-ball event
        coordinates, which the data has for the Premier League 2017/18, the World Cup 2018 and Euro 2016 (and their
        replays); the match centre has this match’s full story.
      </Notice>
    );
  else if (keyMoments.moments.length === 0)
    replay = (
      <Notice title="Key moments">
        {keyMoments.upTo
          ? 'No goal or big chance yet: each one appears here, drawn on the pitch, once the replay reaches it.'
          : `This match had no goal and no big chance to replay. ${keyMoments.bigChanceRule}`}
      </Notice>
    );
  else replay = <KeyMomentReplay match={match} data={keyMoments} initialSeq={moment} />;
  return (
    <div className="space-y-4" data-testid="match-highlight">
      {/* The match's highlight video (issue #22, the media catalogue), ABOVE the replay, when there is one. */}
      {video ? (
        <section
          aria-labelledby="highlight-video"
          className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="highlight-video" className="mb-2 text-lg font-semibold">
            Highlight video
          </h2>
          <Player key={video.id} item={video} signedIn={viewer.signedIn} />
          <p className="mt-2 text-sm">
            {video.demo ? 'Demo content: a generated test pattern, not match footage. ' : ''}
            <AppLink
              to={`/match-highlight/${match.id}`}
              className="font-semibold text-sky-800 underline dark:text-sky-300"
            >
              Open the highlight page
            </AppLink>
          </p>
        </section>
      ) : null}
      {replay}
      {keyMoments.hasActions ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Match event data: Pappalardo, L., Massucco, E. (2019) Soccer match event dataset, figshare — collected by
          Wyscout, licensed CC BY 4.0.
        </p>
      ) : null}
    </div>
  );
}
