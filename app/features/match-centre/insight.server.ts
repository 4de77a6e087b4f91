// What the match page loads for its insight sections (issue #5): momentum,
// head-to-head and the table around both teams, from the server's service.
import type { RouterContextProvider } from 'react-router';
import type { MatchInsight } from '../../../domain/match-insight.ts';
import { matchInsightService } from '../../../server/modules/football/match-insight.service.ts';
import { getServices } from '../../lib/context.server.ts';

export async function loadMatchInsight(context: Readonly<RouterContextProvider>, matchId: number): Promise<MatchInsight> {
  const { database, football, clock } = getServices(context);
  return matchInsightService({ db: database.db, football, clock }).getInsight(matchId);
}
