// "Relive this match" (issue #4): a stored match with an event stream played
// again from now at a chosen speed, through the same pipeline and stream as
// the demo schedule. Shared by POST /api/replays and the match page's form.
// Replays are ingest's (a provider feeding the pipeline), so this lives here
// and the live module knows nothing of them (issue #18); the composition root
// hands it to the web side.
import type { MatchSummary } from '../../domain/football-contracts.ts';
import type { ProviderMatchSnapshot } from '../../domain/live-contracts.ts';
import type { Ingest } from './ingest.ts';
import { ProviderPayloadError } from './provider.ts';
import { RELIVE_PROVIDER } from './providers/replay/replay-provider.ts';
import type { FootballService } from '../modules/football/football.service.ts';

/** On-demand replays running at once, across all visitors: each costs a little CPU every second. */
export const MAX_RUNNING_RELIVES = 10;

export type ReliveOutcome =
  | { ok: true; match: MatchSummary }
  | { ok: false; reason: 'not-replayable' | 'too-many'; message: string };

export interface ReliveService {
  relive(matchId: number, speed: number): Promise<ReliveOutcome>;
  /** A demo replay kicking off at `kickoffMs`, listed with the day's matches (the end-to-end suite's; test routes only). */
  demoAt(matchId: number, kickoffMs: number): Promise<ReliveOutcome>;
}

export function createReliveService(ingest: Ingest, football: FootballService): ReliveService {
  /** Every replay, on demand or demo, is of a stored match with an event stream; null when `matchId` is one. */
  async function refusedFor(matchId: number): Promise<ReliveOutcome | null> {
    if ((await ingest.replay.pool()).includes(matchId)) return null;
    return { ok: false, reason: 'not-replayable', message: `Match ${matchId} has no event stream to replay` };
  }
  /** Through the pipeline every provider's snapshots take; the match as the site now has it. */
  async function start(snapshot: ProviderMatchSnapshot): Promise<ReliveOutcome> {
    const result = await ingest.pipeline.apply(snapshot);
    return { ok: true, match: await football.getMatch(result.matchId) };
  }

  return {
    async relive(matchId, speed) {
      const refused = await refusedFor(matchId);
      if (refused) return refused;
      if ((await ingest.runningReplays(RELIVE_PROVIDER)) >= MAX_RUNNING_RELIVES) {
        return { ok: false, reason: 'too-many', message: 'Too many replays are running; try again in a minute' };
      }
      try {
        return await start(await ingest.replay.matchDetail(await ingest.replay.relive(matchId, speed)));
      } catch (error) {
        if (error instanceof ProviderPayloadError) return { ok: false, reason: 'not-replayable', message: error.message };
        throw error;
      }
    },
    async demoAt(matchId, kickoffMs) {
      return (await refusedFor(matchId)) ?? start(await ingest.replay.demoAt(matchId, kickoffMs));
    },
  };
}
