// What the media pages load on the server (issue #22): the catalogue through the media service, and who is
// looking (signed in; may play premium videos).
import { data, type RouterContextProvider } from 'react-router';
import { FRAME_SRC_HEADER, type MediaItem } from '../../../domain/media-contracts.ts';
import { getRequestAuth, getServices } from '../../../server/router-context.server.ts';
import { hidesMatch, spoilerSettingFromCookie } from '../../lib/preferences/spoiler.ts';
import { highlightMatchOf, mayTellScore, spoilerSafeItem, type HighlightMatch } from './spoiler-safe.ts';

export interface Viewer {
  signedIn: boolean;
  /** payments' `premium_media` is in force for this user. */
  premium: boolean;
}

export async function loadViewer(context: Readonly<RouterContextProvider>): Promise<Viewer> {
  const user = await getRequestAuth(context).currentUser();
  if (!user) return { signedIn: false, premium: false };
  return { signedIn: true, premium: await getServices(context).media.mayPlayPremium(user.id) };
}

/** One published video, or a 404 page. */
export async function loadVideo(context: Readonly<RouterContextProvider>, id: number): Promise<MediaItem> {
  const item = await getServices(context).media.get(id);
  if (!item) throw data(null, { status: 404, statusText: 'Not Found' });
  return item;
}

/**
 * The response headers of a page showing `items`: for video-platform embeds the viewer may play, their
 * origin in FRAME_SRC_HEADER, which the page headers turn into this page's CSP frame-src (nothing else is
 * allowed in a frame anywhere).
 */
export async function embedHeaders(
  context: Readonly<RouterContextProvider>,
  items: Array<MediaItem | null>,
): Promise<Record<string, string>> {
  const embeds = items.filter((item): item is MediaItem => item?.sourceType === 'embed');
  if (embeds.length === 0) return {};
  const user = await getRequestAuth(context).currentUser();
  const { media } = getServices(context);
  const origins = new Set<string>();
  for (const item of embeds) {
    const played = await media.play(item.id, user?.id ?? null);
    if (played.ok && URL.canParse(played.answer.url)) origins.add(new URL(played.answer.url).origin);
  }
  return origins.size > 0 ? { [FRAME_SRC_HEADER]: [...origins].join(', ') } : {};
}

/**
 * Whether the request's spoiler-safe setting (its cookies) hides `match`'s score; `?reveal=1` reveals it for
 * this page view (as on the match page). With no match known, only "every score hidden" hides.
 */
export function spoilerHides(request: Request, match: HighlightMatch | null): boolean {
  if (new URL(request.url).searchParams.get('reveal') === '1') return false;
  const setting = spoilerSettingFromCookie(request.headers.get('cookie'));
  return match ? hidesMatch(setting, match) : setting.all;
}

/** The matches (ids and team names) `items` are about, through the football service; unknown ones left out. */
export async function highlightMatches(
  context: Readonly<RouterContextProvider>,
  items: Array<MediaItem | null>,
): Promise<Map<number, HighlightMatch>> {
  const { football } = getServices(context);
  const ids = [...new Set(items.flatMap((item) => (item?.links.matchId != null ? [item.links.matchId] : [])))];
  const found = await Promise.all(ids.map((id) => football.getMatch(id).catch(() => null)));
  return new Map(found.flatMap((match) => (match ? [[match.id, highlightMatchOf(match)] as const] : [])));
}

/**
 * `item` as this request may see it: with a neutral title and no description when it may tell the score of a
 * match whose score the visitor hides (spoiler-safe mode), else unchanged.
 */
export function spoilerSafeFor(
  request: Request,
  item: MediaItem,
  matches: ReadonlyMap<number, HighlightMatch>,
): MediaItem {
  if (!mayTellScore(item)) return item;
  const match = item.links.matchId === null ? null : (matches.get(item.links.matchId) ?? null);
  return spoilerHides(request, match) ? spoilerSafeItem(item, match) : item;
}
