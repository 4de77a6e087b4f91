// /movies/{id} (issue #22): one film or documentary — poster, description, its free trailer and the full film.
// A viewer without premium_media (a guest or a free member) sees the page, the poster and the trailer, and a
// "Premium" offer linking to /pricing instead of the film's player (the API would refuse them anyway).
import { data } from 'react-router';
import { z } from 'zod';
import { AppLink } from '../components/app-link.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { formatDuration } from '../features/media/format.ts';
import { ownHeaders } from '../features/payment/route-headers.ts';
import {
  embedHeaders,
  highlightMatches,
  loadVideo,
  loadViewer,
  spoilerSafeFor,
} from '../features/media/media.server.ts';
import { PremiumBadge } from '../features/media/media-card.tsx';
import { Player } from '../features/media/player.tsx';
import { deferredCodeLoaded } from '../lib/loading/deferred.tsx';
import { numericIdSchema, parseParams } from '../lib/routing/params.ts';
import { pageMeta } from '../lib/seo/seo.ts';
import type { Route } from './+types/movie';
import { getServices } from '../../server/router-context.server.ts';

export const handle = { breadcrumb: 'Film' };

// An embed's platform is allowed in a frame on this page only (FRAME_SRC_HEADER).
export const headers: Route.HeadersFunction = ownHeaders;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { id } = parseParams(z.object({ id: numericIdSchema }), params);
  const found = await loadVideo(context, id);
  // A highlight (of a match, or of none) has a neutral title while spoiler-safe mode hides its score.
  const item = spoilerSafeFor(request, found, await highlightMatches(context, [found]));
  const [viewer, trailer] = await Promise.all([
    loadViewer(context),
    item.trailerId ? getServices(context).media.get(item.trailerId) : Promise.resolve(null),
  ]);
  return data({ item, trailer, viewer }, { headers: await embedHeaders(context, [item, trailer]) });
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [loaded] = await Promise.all([serverLoader(), deferredCodeLoaded()]);
  return loaded;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.item.title ?? 'Film',
    description: args.loaderData?.item.description ?? 'A football film.',
  });

export default function Movie({ loaderData }: Route.ComponentProps) {
  const { item, trailer, viewer } = loaderData;
  const mayWatch = item.access === 'free' || viewer.premium;
  return (
    <article>
      <PageHeader title={item.title}>
        <span className="flex flex-wrap items-center gap-2 text-sm">
          {item.access === 'premium' ? <PremiumBadge /> : <span className="font-semibold">Free</span>}
          <span>{item.kind === 'documentary' ? 'Documentary' : 'Film'}</span>
          {item.category ? <span>· {item.category}</span> : null}
          <span>· {formatDuration(item.durationSeconds)}</span>
          {item.demo ? <span>· Demo content (generated test pattern)</span> : null}
        </span>
      </PageHeader>
      {mayWatch ? (
        <section aria-label="The film" className="mb-6">
          <Player key={item.id} item={item} signedIn={viewer.signedIn} />
        </section>
      ) : (
        <section
          aria-labelledby="premium-offer"
          className="mb-6 grid gap-4 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] dark:border-amber-700 dark:bg-slate-900"
          data-testid="premium-offer"
        >
          {item.posterUrl ? (
            <img src={item.posterUrl} alt={`Poster of ${item.title}`} className="w-full rounded-lg" />
          ) : null}
          <div>
            <h2 id="premium-offer" className="flex items-center gap-2 text-lg font-semibold">
              <PremiumBadge /> Watch the full film with Premium
            </h2>
            <p className="mt-2 text-slate-800 dark:text-slate-200">
              “{item.title}” is part of the premium catalogue. A premium plan unlocks every film and documentary.
              {trailer ? ' The trailer is free to watch below.' : ''}
            </p>
            <p className="mt-3 flex flex-wrap gap-3">
              <AppLink
                to="/pricing"
                className="rounded-md bg-sky-700 px-3 py-2 font-semibold text-white hover:bg-sky-800"
              >
                See Premium plans
              </AppLink>
              {!viewer.signedIn ? (
                <AppLink to="/login" className="px-1 py-2 font-semibold text-sky-800 underline dark:text-sky-300">
                  Already premium? Sign in
                </AppLink>
              ) : null}
            </p>
          </div>
        </section>
      )}
      <p className="mb-6 max-w-3xl text-slate-800 dark:text-slate-200">{item.description}</p>
      {trailer ? (
        <section aria-labelledby="trailer" className="max-w-3xl">
          <h2 id="trailer" className="mb-2 text-lg font-semibold">
            Trailer <span className="text-sm font-normal">(free, {formatDuration(trailer.durationSeconds)})</span>
          </h2>
          <Player key={trailer.id} item={trailer} signedIn={viewer.signedIn} />
        </section>
      ) : null}
      <p className="mt-6">
        <AppLink to="/movies" className="font-semibold text-sky-800 underline dark:text-sky-300">
          All films
        </AppLink>
      </p>
    </article>
  );
}
