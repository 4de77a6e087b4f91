// What the match page loads for its model odds (issue #24): nothing at all
// when staff switched betting content off (odds.enabled(), the CMS switch),
// nothing but the visitor's settings when this device hides odds, else the
// match's odds and win-probability points with the stream position read
// before them (the `odds` events after it reach the page).
import type { RouterContextProvider } from 'react-router';
import { getServices } from '../../../server/router-context.server.ts';
import type { OddsPageData } from './odds-page-data.ts';
import { oddsPreferencesFromCookie } from './odds-preferences.ts';

/** Refusals that mean "no odds for this match" rather than a fault (server/modules/odds/odds.service.ts). */
const NO_ODDS = new Set(['OddsUnavailableError', 'NotFoundError']);

export async function loadMatchOdds(
  context: Readonly<RouterContextProvider>,
  matchId: number,
  request: Request,
): Promise<OddsPageData | null> {
  const { odds, live, logger } = getServices(context);
  if (!(await odds.enabled())) return null;
  const preferences = oddsPreferencesFromCookie(request.headers.get('cookie'));
  if (preferences.hidden) return { matchId, preferences, odds: null, points: [], position: null };
  const position = await live.position();
  try {
    const [matchOdds, points] = await Promise.all([
      odds.forMatch(matchId),
      // The graph is the lesser part: a match the model prices but cannot draw still has its odds.
      odds.winProbability(matchId).then(
        (probability) => probability.points,
        (error: unknown) => {
          if (error instanceof Error && NO_ODDS.has(error.name)) return [];
          throw error;
        },
      ),
    ]);
    return { matchId, preferences, odds: matchOdds, points, position };
  } catch (error) {
    // Switched off between the two reads: as if it had been off.
    if (error instanceof Error && error.name === 'OddsDisabledError') return null;
    if (error instanceof Error && NO_ODDS.has(error.name))
      return { matchId, preferences, odds: null, points: [], position };
    // The match page matters more than its odds: it is shown without them, and the fault is logged.
    logger.error({ err: error, matchId }, 'The match page could not read the model odds');
    return { matchId, preferences, odds: null, points: [], position };
  }
}
