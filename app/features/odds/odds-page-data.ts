// What the match page's loader hands the odds panel (issue #24;
// odds.server.ts reads it). Types only: nothing here reaches the browser's
// bundle.
import type { MatchOdds, WinProbabilityPoint } from '../../../domain/odds-contracts.ts';
import type { OddsPreferences } from './odds-preferences.ts';

export interface OddsPageData {
  matchId: number;
  /** This device's format and "hide odds" (cookies: odds-preferences.ts). */
  preferences: OddsPreferences;
  /** The model's odds; null when it has none for this match, or the visitor hides odds (nothing was read). */
  odds: MatchOdds | null;
  /** The win-probability graph's points so far (empty before kick-off). */
  points: WinProbabilityPoint[];
  /** The live stream's position, read before the odds: the `odds` events after it reach the page. */
  position: number | null;
}
