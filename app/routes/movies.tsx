// /movies (issue #22): the films and documentaries of the media catalogue — rails by category, then a grid
// with search and a free/premium filter (a plain GET form: it works without JavaScript too).
import { data } from 'react-router';
import { z } from 'zod';
import type { MediaItem } from '../../domain/media-contracts.ts';
import { PageHeader } from '../components/page-header.tsx';
import { MediaCard } from '../features/media/media-card.tsx';
import { pageMeta } from '../lib/seo/seo.ts';
import type { Route } from './+types/movies';
import { getServices } from '../../server/router-context.server.ts';

export const handle = { breadcrumb: 'Movies' };

const filtersSchema = z.object({
  q: z.string().trim().max(100),
  access: z.enum(['all', 'free', 'premium']),
});

const isFilm = (item: MediaItem) => (item.kind === 'movie' || item.kind === 'documentary') && item.trailerOf === null;

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = filtersSchema.safeParse({ q: params.get('q') ?? '', access: params.get('access') || 'all' });
  // A hand-made URL with a filter the form never sends: a clear 400, not a silently different list.
  if (!parsed.success) throw data(null, { status: 400, statusText: 'Bad Request' });
  const filters = parsed.data;
  const { media } = getServices(context);
  const [all, found] = await Promise.all([
    media.list({ limit: 200 }),
    media.list({
      limit: 200,
      q: filters.q || undefined,
      access: filters.access === 'all' ? undefined : filters.access,
    }),
  ]);
  const films = all.filter(isFilm);
  const rails = new Map<string, MediaItem[]>();
  for (const film of films) {
    const category = film.category ?? 'More films';
    rails.set(category, [...(rails.get(category) ?? []), film]);
  }
  return {
    filters,
    rails: [...rails],
    results: found.filter(isFilm),
    filtered: filters.q !== '' || filters.access !== 'all',
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Movies', description: 'Football films and documentaries to watch.' });

export default function Page({ loaderData }: Route.ComponentProps) {
  const { filters, rails, results, filtered } = loaderData;
  return (
    <>
      <PageHeader title="Movies">
        Football films and documentaries. Trailers are free to watch; films marked Premium come with a premium plan.
      </PageHeader>
      {!filtered
        ? rails.map(([category, items]) => (
            <section key={category} aria-labelledby={`rail-${category}`} className="mb-6">
              <h2 id={`rail-${category}`} className="mb-2 text-lg font-semibold">
                {category}
              </h2>
              <ul className="flex snap-x gap-3 overflow-x-auto pb-2" aria-label={category}>
                {items.map((item) => (
                  <li key={item.id} className="w-56 shrink-0 snap-start">
                    <MediaCard item={item} />
                  </li>
                ))}
              </ul>
            </section>
          ))
        : null}
      <section aria-labelledby="all-films">
        <h2 id="all-films" className="mb-2 text-lg font-semibold">
          {filtered ? 'Search results' : 'All films'}
        </h2>
        <form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-2">
          <label className="flex flex-col text-sm">
            <span>Search films</span>
            <input
              type="search"
              name="q"
              defaultValue={filters.q}
              maxLength={100}
              className="rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
            />
          </label>
          <label className="flex flex-col text-sm">
            <span>Access</span>
            <select
              name="access"
              defaultValue={filters.access}
              className="rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
            >
              <option value="all">Free and premium</option>
              <option value="free">Free</option>
              <option value="premium">Premium</option>
            </select>
          </label>
          <button
            type="submit"
            className="rounded-md bg-sky-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-sky-800"
          >
            Search
          </button>
        </form>
        {results.length > 0 ? (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="film-grid">
            {results.map((item) => (
              <li key={item.id}>
                <MediaCard item={item} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-700 dark:text-slate-300">
            {filtered ? 'No film matches this search.' : 'No film is published yet.'}
          </p>
        )}
      </section>
    </>
  );
}
