// What the match page's highlight tab loads (issue #22): the match's key
// moments for the replay, through the football service.
import { data, type RouterContextProvider } from 'react-router';
import type { KeyMoments } from '../../../domain/key-moments.ts';
import { getServices } from '../../../server/router-context.server.ts';

export async function loadKeyMoments(context: Readonly<RouterContextProvider>, matchId: number): Promise<KeyMoments> {
  const { football } = getServices(context);
  try {
    return await football.getKeyMoments(matchId);
  } catch (error) {
    if (error instanceof Error && error.name === 'NotFoundError')
      throw data(null, { status: 404, statusText: 'Not Found' });
    throw error;
  }
}
