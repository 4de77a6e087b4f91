// What the media pages load on the server (issue #22): the catalogue through the media service, and who is
// looking (signed in; may play premium videos).
import { data, type RouterContextProvider } from 'react-router';
import type { MediaItem } from '../../../domain/media-contracts.ts';
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
