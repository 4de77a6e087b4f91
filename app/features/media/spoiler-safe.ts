// Spoiler-safe highlights (issue #22 with issue #5's "Hide scores"): a highlight's title and description often
// tell the score ("Highlights: Portugal 1–0 France"), so while the visitor hides that match's score they are
// replaced by a neutral title ("Portugal v France — highlights") and no description. Pages apply it in their
// loaders (the real title never reaches the page) and, on lists with the "Hide scores" switch, when rendering.
import type { MediaItem } from '../../../domain/media-contracts.ts';

/** The teams of the match a video is about: what spoiler-safe mode decides with, and the neutral title names. */
export interface HighlightMatch {
  id: number;
  home: { id: number; name: string };
  away: { id: number; name: string };
}

/** Whether a video's title may tell a score: a highlight, or any video about a match. */
export function mayTellScore(item: MediaItem): boolean {
  return item.kind === 'highlight' || item.links.matchId !== null;
}

/** "Portugal v France — highlights"; "Match highlights" for a video of no known match. */
export function neutralHighlightTitle(match: HighlightMatch | null): string {
  return match ? `${match.home.name} v ${match.away.name} — highlights` : 'Match highlights';
}

/** The video as shown while its match's score is hidden: a neutral title and no description. */
export function spoilerSafeItem(item: MediaItem, match: HighlightMatch | null): MediaItem {
  if (!mayTellScore(item)) return item;
  return { ...item, title: neutralHighlightTitle(match), description: '' };
}

/** Just the ids and names of a match (what the pages pass on; not its score). */
export function highlightMatchOf(match: HighlightMatch): HighlightMatch {
  return {
    id: match.id,
    home: { id: match.home.id, name: match.home.name },
    away: { id: match.away.id, name: match.away.name },
  };
}
