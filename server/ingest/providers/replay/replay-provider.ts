// The demo replay provider (issue #4, DESIGN.md §4): stored matches with event
// streams, scheduled around the current time and played again through the same
// pipeline a real provider feeds. Every snapshot is computed from the stored
// timeline, the kick-off, the speed and the clock (domain/replay.ts), so the
// same seed and clock give the same schedule and the same events.
import type { Kysely } from 'kysely';
import type { Database } from '../../../../db/schema.ts';
import type { ProviderMatchSnapshot, Side } from '../../../../domain/live-contracts.ts';
import { statusOfPhase } from '../../../../domain/match-clock.ts';
import { momentsOf, planReplay, replayStateAt, type ReplayPlan } from '../../../../domain/replay.ts';
import { parseReplayId, reliveId, replaysForDay } from '../../../../domain/replay-schedule.ts';
import type { Clock } from '../../../platform/clock.ts';
import { ProviderPayloadError, type LiveProvider } from '../../provider.ts';
import { knownReplayIds, listReplayPool, listUnfinishedReplays, loadReplaySource, type ReplaySource } from './replay.queries.ts';

export const REPLAY_PROVIDER = 'replay';
/** On-demand replays ("relive this match") are stored under their own source: they are not part of the day's lists. */
export const RELIVE_PROVIDER = 'relive';

export interface ReplayProviderOptions {
  db: Kysely<Database>;
  clock: Clock;
  /** Decides the schedule: the same seed gives the same matches at the same times. */
  seed: string;
  /** Clock rate of the demo schedule (REPLAY_SPEED). */
  speed: number;
}

export interface ReplayProvider extends LiveProvider {
  /** An on-demand replay ("relive this match") of a stored match from `kickoffMs` at `rate`×; returns its external id. */
  relive(originalMatchId: number, rate: number, kickoffMs?: number): Promise<string>;
  /** Stored matches that can be replayed. */
  pool(): Promise<readonly number[]>;
  /**
   * A demo replay of a stored match kicking off at `kickoffMs`, outside the day's schedule: listed with the
   * day's matches like the scheduled ones. For the end-to-end suite, which cannot wait for a schedule slot.
   */
  demoAt(originalMatchId: number, kickoffMs: number): Promise<ProviderMatchSnapshot>;
}

/** Schedule slots run 0…31; demo replays started outside the schedule take this slot number. */
const UNSCHEDULED_SLOT = 999;

const CACHE_LIMIT = 160;

export function createReplayProvider(options: ReplayProviderOptions): ReplayProvider {
  const { db, clock, seed, speed } = options;
  const sources = new Map<number, { source: ReplaySource; plan: ReplayPlan }>();
  let poolCache: number[] | null = null;

  async function pool(): Promise<readonly number[]> {
    // An empty pool is asked again: on a first start the data import may still be running.
    if (poolCache === null || poolCache.length === 0) poolCache = await listReplayPool(db);
    return poolCache;
  }

  /** A replay's source, light (no passes or duels) unless `full`; least recently used entries leave first. */
  async function sourceOf(matchId: number, full: boolean) {
    const cached = sources.get(matchId);
    if (cached && (cached.source.full || !full)) {
      sources.delete(matchId);
      sources.set(matchId, cached);
      return cached;
    }
    const source = await loadReplaySource(db, matchId, { full });
    if (!source) throw new ProviderPayloadError(`Replay of unknown match ${matchId}`, ['originalMatchId']);
    const entry = { source, plan: planReplay(source.timeline) };
    sources.delete(matchId);
    sources.set(matchId, entry);
    if (sources.size > CACHE_LIMIT) sources.delete(sources.keys().next().value as number);
    return entry;
  }

  async function snapshotOf(externalId: string, kickoffMs: number, rate: number, originalMatchId: number): Promise<ProviderMatchSnapshot> {
    const nowMs = clock.now().getTime();
    let { source, plan } = await sourceOf(originalMatchId, false);
    let state = replayStateAt(source.timeline, plan, kickoffMs, rate, nowMs);
    if (state.phase !== 'pre' && state.phase !== 'FT' && !source.full) {
      ({ source, plan } = await sourceOf(originalMatchId, true));
      state = replayStateAt(source.timeline, plan, kickoffMs, rate, nowMs);
    }
    if (state.phase === 'FT' && !source.full) {
      // At full time the replay's stats are the original's, as the importer counted them from every action.
      const [home, away] = [source.home.id, source.away.id].map((teamId) => source.storedTeamStats.find((stats) => stats.teamId === teamId));
      state = {
        ...state,
        teamStats: home && away ? [home, away] : null,
        playerStats: source.storedPlayerStats.map(({ name: _name, ...stats }) => stats),
      };
    }
    // Stats and chances move on once per match minute, not on every tick.
    const elapsed = ((nowMs - kickoffMs) / 1000) * rate;
    const minuteMs = kickoffMs + ((Math.floor(elapsed / 60) * 60) / rate) * 1000;
    const statsState = state.phase === 'FT' || state.phase === 'pre' ? state : replayStateAt(source.timeline, plan, kickoffMs, rate, minuteMs);
    const sideOf = (teamId: number | null): Side | null =>
      teamId === source.home.id ? 'home' : teamId === source.away.id ? 'away' : null;
    const person = (value: { id: number; name: string; shortName?: string } | null) =>
      value ? { localId: value.id, name: value.name, ...(value.shortName ? { shortName: value.shortName } : {}) } : null;
    const actionsSoFar = source.timeline.actions.slice(0, statsState.actionCount);

    return {
      provider: externalId.startsWith('relive:') ? RELIVE_PROVIDER : REPLAY_PROVIDER,
      externalId,
      observedAt: new Date(nowMs).toISOString(),
      competitionCode: source.competitionCode,
      season: source.season,
      stage: source.stage,
      round: source.round,
      group: source.group,
      kickoffAt: new Date(kickoffMs).toISOString(),
      home: { localId: source.home.id, name: source.home.name },
      away: { localId: source.away.id, name: source.away.name },
      status: statusOfPhase(state.phase),
      clock:
        state.phase === 'pre'
          ? null
          : { phase: state.phase, phaseStartedAt: state.phaseStartedAtMs === null ? null : new Date(state.phaseStartedAtMs).toISOString(), rate },
      score: state.score,
      events: state.events.map((event) => ({
        key: `r:${event.seq}`,
        type: event.type,
        period: event.period,
        minute: event.minute,
        addedMinute: event.addedMinute,
        side: sideOf(event.teamId),
        player: person(event.player),
        relatedPlayer: person(event.relatedPlayer),
        detail: event.detail,
      })),
      teamStats: statsState.teamStats
        ? {
            home: (({ teamId: _teamId, ...counts }) => counts)(statsState.teamStats[0]),
            away: (({ teamId: _teamId, ...counts }) => counts)(statsState.teamStats[1]),
          }
        : null,
      playerStats: statsState.playerStats.flatMap(({ playerId, teamId, ...counts }) => {
        const name = source.playerNames.get(playerId);
        const side = sideOf(teamId);
        return name && side ? [{ player: { localId: playerId, name }, side, ...counts }] : [];
      }),
      moments: momentsOf(actionsSoFar).flatMap((moment) => {
        const side = sideOf(moment.teamId);
        if (!side) return [];
        const name = moment.playerId === null ? undefined : source.playerNames.get(moment.playerId);
        const shortName = moment.playerId === null ? undefined : source.shortNames.get(moment.playerId);
        return [
          {
            key: `a:${moment.seq}`,
            kind: moment.kind,
            period: moment.period,
            minute: moment.reading.minute,
            addedMinute: moment.reading.added,
            side,
            player: moment.playerId !== null && name ? { localId: moment.playerId, name, ...(shortName ? { shortName } : {}) } : null,
            detail: null,
          },
        ];
      }),
      lineups: {
        home: lineupOf(source.lineups.home),
        away: lineupOf(source.lineups.away),
      },
      replayOf: { matchId: source.timeline.matchId, kickoffAt: source.kickoffAt },
    };
  }

  async function snapshotById(externalId: string, kickoffAt?: string): Promise<ProviderMatchSnapshot> {
    const parsed = parseReplayId(externalId);
    if (!parsed) throw new ProviderPayloadError(`Not a replay id: ${externalId.slice(0, 60)}`, ['externalId']);
    if (parsed.kind === 'relive') return snapshotOf(externalId, parsed.kickoffMs, parsed.rate, parsed.originalMatchId);
    const day = externalId.split(':')[1] as string;
    const kickoff = kickoffAt ?? (await scheduleOf(day)).find((replay) => replay.externalId === externalId)?.kickoffAt;
    if (!kickoff) throw new ProviderPayloadError(`Replay ${externalId} is not on the schedule`, ['externalId']);
    return snapshotOf(externalId, Date.parse(kickoff), speed, parsed.originalMatchId);
  }

  async function scheduleOf(day: string) {
    return replaysForDay(day, await pool(), seed);
  }

  return {
    name: REPLAY_PROVIDER,
    pool,
    async fixtures(date) {
      // Replays already on the books move on through liveSnapshot(); only new ones are computed here.
      const schedule = await scheduleOf(date);
      const known = await knownReplayIds(db, schedule.map((replay) => replay.externalId));
      const snapshots: ProviderMatchSnapshot[] = [];
      for (const replay of schedule) {
        if (known.has(replay.externalId)) continue;
        snapshots.push(await snapshotOf(replay.externalId, Date.parse(replay.kickoffAt), speed, replay.originalMatchId));
        await yieldToEventLoop();
      }
      return snapshots;
    },
    async liveSnapshot() {
      const nowMs = clock.now().getTime();
      const unfinished = await listUnfinishedReplays(db);
      const snapshots: ProviderMatchSnapshot[] = [];
      for (const replay of unfinished) {
        if (Date.parse(replay.kickoffAt) > nowMs) continue;
        snapshots.push(await snapshotById(replay.externalId, replay.kickoffAt));
      }
      return snapshots;
    },
    matchDetail: (externalId) => snapshotById(externalId),
    async demoAt(originalMatchId, kickoffMs) {
      const day = new Date(kickoffMs).toISOString().slice(0, 10);
      // The index (kick-off second) keeps two of them apart; the stored kick-off drives it from then on.
      const externalId = `demo:${day}:${UNSCHEDULED_SLOT}.${Math.floor(kickoffMs / 1000)}:${originalMatchId}`;
      return snapshotOf(externalId, kickoffMs, speed, originalMatchId);
    },
    async relive(originalMatchId, rate, kickoffMs) {
      if (!(rate > 0 && rate <= 600)) throw new ProviderPayloadError('The replay speed must be between 0 and 600', ['rate']);
      await sourceOf(originalMatchId, false);
      return reliveId(originalMatchId, Math.round(kickoffMs ?? clock.now().getTime()), rate);
    },
  };
}

/** better-sqlite3 reads are synchronous: between matches, let requests through. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function lineupOf(lineup: ReplaySource['lineups']['home']) {
  return {
    formation: lineup.formation,
    coach: lineup.coach,
    players: lineup.players.map((player) => ({
      player: { localId: player.id, name: player.name },
      shirtNumber: player.shirtNumber,
      position: player.position,
      starter: player.starter,
      captain: player.captain,
    })),
  };
}
