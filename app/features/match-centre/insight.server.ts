// What the match page loads for its insight sections (issue #5): momentum,
// head-to-head and the table around both teams, from the server's service.
import type { RouterContextProvider } from 'react-router';
import type { MatchInsight } from '../../../domain/match-insight.ts';
import { getServices } from '../../../server/router-context.server.ts';

export async function loadMatchInsight(context: Readonly<RouterContextProvider>, matchId: number): Promise<MatchInsight> {
  return getServices(context).matchInsight.getInsight(matchId);
}
