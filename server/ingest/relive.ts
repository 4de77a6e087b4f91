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
import { toAddressKey, type RateLimits } from '../platform/rate-limit.ts';

/** On-demand replays running at once, across all visitors: each costs a little CPU every second. */
export const MAX_RUNNING_RELIVES = 10;
/** The window of RELIVES_PER_ADDRESS (config): on-demand replays one address may start in it. */
export const RELIVE_WINDOW_SECONDS = 10 * 60;

export type ReliveOutcome =
  | { ok: true; match: MatchSummary }
  | { ok: false; reason: 'not-replayable'; message: string }
  | { ok: false; reason: 'too-many'; message: string; retryAfterSeconds: number };

export interface ReliveService {
  /** Starts an on-demand replay for a visitor at `ip`, within the running cap and the address's limit. */
  relive(matchId: number, speed: number, requester: { ip: string }): Promise<ReliveOutcome>;
  /** A demo replay kicking off at `kickoffMs`, listed with the day's matches (the end-to-end suite's; test routes only). */
  demoAt(matchId: number, kickoffMs: number): Promise<ReliveOutcome>;
}

export function createReliveService(options: {
  ingest: Ingest;
  football: FootballService;
  rateLimits: RateLimits;
  /** Replays one address may start in RELIVE_WINDOW_SECONDS. */
  perAddress: number;
}): ReliveService {
  const { ingest, football } = options;
  const perAddress = options.rateLimits.create('relive:address', { points: options.perAddress, durationSeconds: RELIVE_WINDOW_SECONDS });
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
    async relive(matchId, speed, requester) {
      const refused = await refusedFor(matchId);
      if (refused) return refused;
      const allowed = await perAddress.consume(toAddressKey(requester.ip));
      if (!allowed.ok) {
        const minutes = Math.max(1, Math.ceil(allowed.retryAfterSeconds / 60));
        return {
          ok: false,
          reason: 'too-many',
          message: `You have started several replays in a short time; try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}`,
          retryAfterSeconds: allowed.retryAfterSeconds,
        };
      }
      if ((await ingest.runningReplays(RELIVE_PROVIDER)) >= MAX_RUNNING_RELIVES) {
        await perAddress.reward(toAddressKey(requester.ip));
        return { ok: false, reason: 'too-many', message: 'Too many replays are running; try again in a minute', retryAfterSeconds: 60 };
      }
      try {
        return await start(await ingest.replay.matchDetail(await ingest.replay.relive(matchId, speed)));
      } catch (error) {
        if (error instanceof ProviderPayloadError) {
          // Not replayable after all: it costs the visitor nothing, like a match without events.
          await perAddress.reward(toAddressKey(requester.ip));
          return { ok: false, reason: 'not-replayable', message: error.message };
        }
        throw error;
      }
    },
    async demoAt(matchId, kickoffMs) {
      return (await refusedFor(matchId)) ?? start(await ingest.replay.demoAt(matchId, kickoffMs));
    },
  };
}
