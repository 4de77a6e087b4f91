// What the media pages load on the server (issue #22): the catalogue through the media service, and who is
// looking (signed in; may play premium videos).
import { data, type RouterContextProvider } from 'react-router';
import { FRAME_SRC_HEADER, type MediaItem } from '../../../domain/media-contracts.ts';
import { getRequestAuth, getServices } from '../../../server/router-context.server.ts';

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
