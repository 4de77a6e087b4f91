// A video's card in the /movies rails and grid and the highlights list: poster, title, duration, a
// "Premium" badge, and "Demo" for generated clips.
import type { MediaItem } from '../../../domain/media-contracts.ts';
import { AppLink } from '../../components/app-link.tsx';
import { formatDuration } from './format.ts';

export function mediaHref(item: MediaItem): string {
  // A match's highlight has its page under the match's id; any other video (a highlight of no match too) has a
  // page of its own.
  return item.kind === 'highlight' && item.links.matchId !== null
    ? `/match-highlight/${item.links.matchId}`
    : `/movies/${item.id}`;
}

export function PremiumBadge() {
  return <span className="rounded bg-amber-300 px-1.5 py-0.5 text-xs font-bold text-slate-900 uppercase">Premium</span>;
}

/** `title` replaces the video's own (a neutral one while spoiler-safe mode hides its match's score). */
export function MediaCard({ item, title = item.title }: { item: MediaItem; title?: string }) {
  return (
    <AppLink
      to={mediaHref(item)}
      className="group block overflow-hidden rounded-xl border border-slate-200 bg-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 dark:border-slate-800 dark:bg-slate-900"
      data-testid="media-card"
    >
      <div className="relative aspect-video bg-slate-800">
        {item.posterUrl ? (
          <img src={item.posterUrl} alt="" loading="lazy" className="h-full w-full object-cover" />
        ) : null}
        <span className="absolute right-1.5 bottom-1.5 rounded bg-black/80 px-1.5 py-0.5 text-xs text-white tabular-nums">
          <span className="sr-only">Duration </span>
          {formatDuration(item.durationSeconds)}
        </span>
        <span className="absolute top-1.5 left-1.5 flex gap-1">
          {item.access === 'premium' ? <PremiumBadge /> : null}
          {item.demo ? <span className="rounded bg-slate-900/80 px-1.5 py-0.5 text-xs text-white">Demo</span> : null}
        </span>
      </div>
      <p className="p-2 text-sm font-semibold group-hover:underline">{title}</p>
    </AppLink>
  );
}
