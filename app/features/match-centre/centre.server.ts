// What the match centre route loads for its line-ups and chalkboard sections
// (issue #5). The pass map shows `?player=` (how the choice travels without
// JavaScript), else the player with the most passes so far.
import { data, type RouterContextProvider } from 'react-router';
import { numericIdSchema } from '../../lib/routing/params.ts';
import type { MatchCentreData } from './centre-sections.tsx';
import { getServices } from '../../../server/router-context.server.ts';

export async function loadMatchCentre(
  context: Readonly<RouterContextProvider>,
  matchId: number,
  request: Request,
): Promise<MatchCentreData> {
  const { football } = getServices(context);
  const asked = numericIdSchema.safeParse(new URL(request.url).searchParams.get('player') ?? '');
  try {
    const [lineups, chalkboard] = await Promise.all([
      football.getLineups(matchId),
      football.getChalkboard(matchId, { playerId: asked.success ? asked.data : 'most-passes' }),
    ]);
    return { lineups, chalkboard };
  } catch (error) {
    if (error instanceof Error && error.name === 'NotFoundError')
      throw data(null, { status: 404, statusText: 'Not Found' });
    throw error;
  }
}
