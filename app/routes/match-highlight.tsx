// /match-highlight/{id} (issue #22): a match's highlight video (the id is the match's, like /match/{id}) with
// its score and links to the match and the teams; a match without one says so and points at its key-moment
// replay. Without an id: the latest highlight videos.
import { data } from 'react-router';
import { z } from 'zod';
import type { MatchSummary } from '../../domain/football-contracts.ts';
import { AppLink } from '../components/app-link.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { ownHeaders } from '../features/payment/route-headers.ts';
import {
  embedHeaders,
  highlightMatches,
  loadViewer,
  spoilerHides,
  spoilerSafeFor,
} from '../features/media/media.server.ts';
import { highlightMatchOf, spoilerSafeItem } from '../features/media/spoiler-safe.ts';
import { MediaCard } from '../features/media/media-card.tsx';
import { Player } from '../features/media/player.tsx';
import { deferredCodeLoaded } from '../lib/loading/deferred.tsx';
import { numericIdSchema, parseParams } from '../lib/routing/params.ts';
import { pageMeta } from '../lib/seo/seo.ts';
import type { Route } from './+types/match-highlight';
import { getServices } from '../../server/router-context.server.ts';

export const handle = { breadcrumb: 'Match highlights' };

// An embed's platform is allowed in a frame on this page only (FRAME_SRC_HEADER).
export const headers: Route.HeadersFunction = ownHeaders;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { id } = parseParams(z.object({ id: numericIdSchema.optional() }), params);
  const { media, football } = getServices(context);
  if (id === undefined) {
    // Spoiler-safe mode: a hidden match's highlight gets a neutral title (the real one never reaches the page).
    const latest = await media.list({ kind: 'highlight', limit: 24 });
    const matches = await highlightMatches(context, latest);
    return {
      item: null,
      match: null,
      viewer: null,
      scoreHidden: false,
      latest: latest.map((item) => spoilerSafeFor(request, item, matches)),
    };
  }
  const match = await football.getMatch(id).catch((error: unknown) => {
    if (error instanceof Error && error.name === 'NotFoundError')
      throw data(null, { status: 404, statusText: 'Not Found' });
    throw error;
  });
  const [videos, viewer] = await Promise.all([
    media.list({ kind: 'highlight', matchId: id, limit: 1 }),
    loadViewer(context),
  ]);
  const found = videos[0] ?? null;
  // Spoiler-safe mode hides the score, and the title and description that may tell it, until revealed
  // (?reveal=1, as on the match page).
  const scoreHidden = spoilerHides(request, match);
  const item = found && scoreHidden ? spoilerSafeItem(found, highlightMatchOf(match)) : found;
  return data(
    {
      item,
      match: scoreHidden ? { ...match, score: hiddenScore(match.score) } : match,
      viewer,
      scoreHidden,
      latest: [],
    },
    { headers: await embedHeaders(context, [item]) },
  );
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [loaded] = await Promise.all([serverLoader(), deferredCodeLoaded()]);
  return loaded;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title:
      args.loaderData?.item?.title ??
      (args.loaderData?.match
        ? `${args.loaderData.match.home.name} v ${args.loaderData.match.away.name} highlights`
        : 'Match highlights'),
    description: args.loaderData?.item?.description || 'Video highlights of football matches.',
  });

/** A score with its goals left out (the loader data of a hidden match must not tell it either). */
function hiddenScore(score: MatchSummary['score']): MatchSummary['score'] {
  return { ...score, home: null, away: null, halfTime: null, extraTime: null, penalties: null };
}

function Score({ match, hidden }: { match: MatchSummary; hidden: boolean }) {
  const team = (side: MatchSummary['home']) => (
    <AppLink to={`/team/${side.id}`} className="font-semibold text-sky-800 underline dark:text-sky-300">
      {side.name}
    </AppLink>
  );
  return (
    <section
      aria-label="The match"
      className="mb-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {match.competition.name} ·{' '}
        {new Date(match.kickoffAt).toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'UTC' })}
      </p>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-lg" data-testid="highlight-score">
        {team(match.home)}
        {hidden ? (
          <span className="font-bold">v</span>
        ) : (
          <span className="font-bold tabular-nums">
            {match.score.home ?? '–'}–{match.score.away ?? '–'}
          </span>
        )}
        {team(match.away)}
      </p>
      {hidden ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" data-testid="highlight-score-hidden">
          Score hidden: spoiler-safe mode is on for this match, so the score and the video’s own title stay hidden.{' '}
          <AppLink
            to={`/match-highlight/${match.id}?reveal=1`}
            className="font-semibold text-sky-800 underline dark:text-sky-300"
          >
            Reveal the score
          </AppLink>
        </p>
      ) : null}
      {/* Links side by side, not in a sentence: each a 24 px target at least (WCAG 2.2 target size). */}
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <AppLink
          to={`/match/${match.id}`}
          className="inline-flex min-h-6 items-center font-semibold text-sky-800 underline dark:text-sky-300"
        >
          Match centre
        </AppLink>
        <AppLink
          to={`/match/${match.id}/highlight`}
          className="inline-flex min-h-6 items-center font-semibold text-sky-800 underline dark:text-sky-300"
        >
          Key-moment replay
        </AppLink>
      </p>
    </section>
  );
}

export default function MatchHighlight({ loaderData }: Route.ComponentProps) {
  const { item, match, viewer, latest, scoreHidden } = loaderData;
  if (match && viewer && !item)
    return (
      <article>
        <PageHeader title={`${match.home.name} v ${match.away.name} highlights`} />
        <Score match={match} hidden={scoreHidden} />
        <p className="text-slate-800 dark:text-slate-200">
          There is no highlight video of this match yet.{' '}
          {match.hasEvents ? 'Its key-moment replay draws each goal and big chance on a pitch.' : ''}
        </p>
      </article>
    );
  if (!item || !viewer)
    return (
      <>
        <PageHeader title="Match highlights" />
        {latest.length > 0 ? (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {latest.map((video) => (
              <li key={video.id}>
                <MediaCard item={video} />
              </li>
            ))}
          </ul>
        ) : (
          <p>No highlight video is published yet.</p>
        )}
      </>
    );
  return (
    <article>
      <PageHeader title={item.title}>
        {item.demo ? 'Demo content: a generated test pattern, not match footage.' : null}
      </PageHeader>
      {match ? <Score match={match} hidden={scoreHidden} /> : null}
      <Player key={item.id} item={item} signedIn={viewer.signedIn} />
      {item.description ? (
        <p className="mt-4 max-w-3xl text-slate-800 dark:text-slate-200">{item.description}</p>
      ) : null}
      <p className="mt-4">
        <AppLink to="/sport/football-1/highlights" className="font-semibold text-sky-800 underline dark:text-sky-300">
          All highlights
        </AppLink>
      </p>
    </article>
  );
}
