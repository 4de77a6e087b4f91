// The ingest pipeline (issue #4, DESIGN.md §1): a provider's snapshot of one
// match is validated, diffed against the database, and the changes are written
// in one transaction together with the event-log rows that describe them; the
// bus is told only after the commit (the live module's writer, LiveWriter.append). Rules:
// - the same snapshot twice writes nothing;
// - a snapshot observed before the stored one is ignored (scores never move backwards);
// - a key event that disappears or changes becomes an explicit correction event;
// - a malformed snapshot is rejected and logged, and nothing stored changes.
import type { Transaction } from 'kysely';
import type { Logger } from 'pino';
import { toIsoString, type DatabaseHandle } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { matchColumnsOf, splitMatchRow, type MatchRow } from '../../db/match-rows.ts';
import { playerStatsRow, teamStatsRow } from '../../db/match-stats-rows.ts';
import { findRef, saveRef } from '../../db/source-refs.ts';
import { resolveTeam } from '../../db/teams.ts';
import { inTransaction } from '../../db/transaction.ts';
import { commentaryLine, type CommentaryNames, type CommentarySubject } from '../../domain/commentary.ts';
import type { MatchEvent, PlayerStats, TeamStats } from '../../domain/football-contracts.ts';
import {
  matchTopic,
  providerMatchSnapshotSchema,
  SCORING_EVENT_TYPES,
  type LiveEvent,
  type LiveScore,
  type ProviderMatchSnapshot,
  type ProviderPerson,
  type Side,
} from '../../domain/live-contracts.ts';
import type { MatchChanged, MatchState } from '../../domain/match-changes.ts';
import { readClock, type MatchClock } from '../../domain/match-clock.ts';
import { findSameMatch } from '../../domain/same-match.ts';
import type { MatchStatus } from '../../domain/match-status.ts';
import type { Clock } from '../platform/clock.ts';
import type { LiveWriter, NewLiveEvent } from '../modules/live/live.service.ts';
import { ProviderPayloadError } from './provider.ts';
import { createMatchCorrections, type MatchCorrections } from './corrections.ts';
import { holdCorrection } from '../../domain/match-corrections.ts';

type Trx = Transaction<Database>;

export interface PipelineResult {
  matchId: number;
  outcome: 'created' | 'updated' | 'unchanged' | 'stale';
  events: LiveEvent[];
}

export interface Pipeline {
  /** Validates and applies one snapshot; throws ProviderPayloadError for a malformed one. */
  apply(snapshot: unknown): Promise<PipelineResult>;
  /**
   * Calls `listener` after every committed snapshot that changed a match (DESIGN.md §3: modules that
   * react to a goal subscribe here, through the composition root, instead of editing the pipeline).
   * Returns the unsubscribe function.
   */
  onMatchChanged(listener: (change: MatchChanged) => void): () => void;
  /** Staff corrections: written on the same live path, announced to the same listeners (issue #20). */
  corrections: MatchCorrections;
}

export interface PipelineOptions {
  database: DatabaseHandle;
  clock: Clock;
  logger: Logger;
  /** The live module's writer: the changes' events go into the log in the same transaction. */
  live: LiveWriter;
}

/** The stored match a snapshot applies to, with what its events and commentary name. */
type LoadedMatch = MatchRow & { replay_kickoff_at: string | null; home_name: string; away_name: string };

/** What one snapshot's steps share inside its transaction. */
interface ApplyStep {
  trx: Trx;
  snapshot: ProviderMatchSnapshot;
  match: LoadedMatch;
  created: boolean;
  now: Date;
  topic: string;
  /** Player names met so far (for events and commentary). */
  names: Map<number, string>;
  shortNames: Map<number, string>;
  /** The live events to append, in order. */
  out: NewLiveEvent[];
  /** Commentary lines to write, each under a key that keeps it from being written twice. */
  commentary: Array<{ key: string; subject: CommentarySubject }>;
  teamOf(side: Side | null): number | null;
  sideOf(teamId: number | null): Side | null;
}

interface StoredEvent {
  id: number;
  seq: number;
  source_key: string;
  type: string;
  period: string;
  minute: number;
  added_minute: number | null;
  team_id: number | null;
  player_id: number | null;
  related_player_id: number | null;
  detail: string | null;
}

const CLOCK_WOBBLE_MS = 90_000;
const CORRECTION_REMOVED = 'The data provider removed this event (for example, a goal ruled out).';
const CORRECTION_CHANGED = 'The data provider changed this event (for example, a different scorer).';

export function createPipeline(options: PipelineOptions): Pipeline {
  const { database, clock, logger, live } = options;
  const { db } = database;
  const listeners = new Set<(change: MatchChanged) => void>();
  const corrections = createMatchCorrections({ database, clock, logger, live, announce: (change) => announce(change) });

  async function loadMatch(trx: Trx, matchId: number): Promise<LoadedMatch> {
    const row = await trx
      .selectFrom('match as m')
      .innerJoin('team as h', 'h.id', 'm.home_team_id')
      .innerJoin('team as a', 'a.id', 'm.away_team_id')
      .leftJoin('match as o', 'o.id', 'm.replay_of_match_id')
      .select([...matchColumnsOf('m'), 'o.kickoff_at as replay_kickoff_at', 'h.name as home_name', 'a.name as away_name'])
      .where('m.id', '=', matchId)
      .executeTakeFirstOrThrow();
    const { match, rest } = splitMatchRow(row);
    return {
      ...match,
      replay_kickoff_at: rest.replay_kickoff_at === null ? null : toIsoString(rest.replay_kickoff_at),
      home_name: rest.home_name,
      away_name: rest.away_name,
    };
  }

  async function resolveTeamId(trx: Trx, provider: string, team: ProviderMatchSnapshot['home'], kind: 'club' | 'national'): Promise<number> {
    if (team.localId !== undefined) return team.localId;
    if (team.externalId !== undefined) {
      const known = await findRef(trx, provider, 'team', team.externalId);
      if (known !== undefined) return known;
    }
    const id = await resolveTeam(trx, { name: team.name, shortName: team.shortName ?? team.name, kind });
    if (team.externalId !== undefined) await saveRef(trx, provider, 'team', team.externalId, id);
    return id;
  }

  async function resolvePlayer(trx: Trx, provider: string, person: ProviderPerson, names: Map<number, string>, shortNames = new Map<number, string>()): Promise<number> {
    let id = person.localId;
    if (id === undefined && person.externalId !== undefined) id = await findRef(trx, provider, 'player', person.externalId);
    if (id === undefined) {
      const shortName = person.name.split(' ').at(-1) ?? person.name;
      const row = await trx.insertInto('player').values({ name: person.name, short_name: shortName }).returning('id').executeTakeFirstOrThrow();
      id = Number(row.id);
      if (person.externalId !== undefined) await saveRef(trx, provider, 'player', person.externalId, id);
    }
    names.set(id, person.name);
    if (person.shortName) shortNames.set(id, person.shortName);
    return id;
  }

  /** The local match of a snapshot: by the provider's id, else a new row in the competition's season. */
  async function findOrCreateMatch(trx: Trx, snapshot: ProviderMatchSnapshot, now: Date): Promise<{ matchId: number; created: boolean }> {
    const known = await findRef(trx, snapshot.provider, 'match', snapshot.externalId);
    if (known !== undefined) return { matchId: known, created: false };
    if (snapshot.competitionCode === null || snapshot.season === null) {
      throw new ProviderPayloadError(`Match ${snapshot.externalId} names no competition and season we know`, ['competitionCode']);
    }
    const season = await trx
      .selectFrom('season as s')
      .innerJoin('competition as c', 'c.id', 's.competition_id')
      .select(['s.id', 'c.kind', 'c.area_code'])
      .where('c.code', '=', snapshot.competitionCode)
      .where('s.code', '=', snapshot.season)
      .executeTakeFirst();
    if (!season) {
      throw new ProviderPayloadError(`Unknown competition season ${snapshot.competitionCode} ${snapshot.season}`, ['competitionCode', 'season']);
    }
    const kind = season.kind === 'cup' && season.area_code === null ? 'national' : 'club';
    const homeId = await resolveTeamId(trx, snapshot.provider, snapshot.home, kind);
    const awayId = await resolveTeamId(trx, snapshot.provider, snapshot.away, kind);

    // The same fixture imported from another source (e.g. openfootball) becomes this provider's match.
    let matchId: number | undefined;
    if (!snapshot.replayOf) {
      // Decision 009's one rule (domain/same-match.ts); a live provider's home and away are trusted.
      const kickoffAt = new Date(snapshot.kickoffAt).toISOString();
      const around = (days: number) => new Date(Date.parse(kickoffAt) + days * 86_400_000).toISOString();
      const candidates = await trx
        .selectFrom('match')
        .select(['id', 'kickoff_at', 'kickoff_time_known'])
        .where('season_id', '=', season.id)
        .where('home_team_id', '=', homeId)
        .where('away_team_id', '=', awayId)
        .where('replay_of_match_id', 'is', null)
        .where('kickoff_at', '>=', around(-3))
        .where('kickoff_at', '<=', around(3))
        .execute();
      const existing = findSameMatch(
        candidates.map((row) => ({
          id: Number(row.id),
          homeTeamId: homeId,
          awayTeamId: awayId,
          kickoffAt: toIsoString(row.kickoff_at),
          kickoffTimeKnown: row.kickoff_time_known === 1,
        })),
        { homeTeamId: homeId, awayTeamId: awayId, kickoffAt, kickoffTimeKnown: true },
        { sidesFixed: true },
      );
      if (existing) matchId = existing.id;
    }
    if (matchId === undefined) {
      const row = await trx
        .insertInto('match')
        .values({
          season_id: season.id,
          stage: snapshot.stage,
          round: snapshot.round,
          group_name: snapshot.group,
          kickoff_at: new Date(snapshot.kickoffAt).toISOString(),
          kickoff_time_known: 1,
          home_team_id: homeId,
          away_team_id: awayId,
          status: 'scheduled',
          source: snapshot.provider,
          updated_at: now.toISOString(),
          replay_of_match_id: snapshot.replayOf?.matchId ?? null,
          has_events: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      matchId = Number(row.id);
    }
    await saveRef(trx, snapshot.provider, 'match', snapshot.externalId, matchId);
    return { matchId, created: true };
  }

  async function writeLineups(trx: Trx, snapshot: ProviderMatchSnapshot, match: LoadedMatch, names: Map<number, string>): Promise<void> {
    if (!snapshot.lineups) return;
    const existing = await trx.selectFrom('match_lineup').select('player_id').where('match_id', '=', match.id).limit(1).executeTakeFirst();
    if (existing) return;
    for (const side of ['home', 'away'] as const) {
      const lineup = snapshot.lineups[side];
      const teamId = side === 'home' ? match.home_team_id : match.away_team_id;
      await trx
        .insertInto('match_side')
        .values({ match_id: match.id, team_id: teamId, side, formation: lineup.formation, coach: lineup.coach })
        .onConflict((oc) => oc.columns(['match_id', 'side']).doNothing())
        .execute();
      const seen = new Set<number>();
      for (const entry of lineup.players) {
        const playerId = await resolvePlayer(trx, snapshot.provider, entry.player, names);
        if (seen.has(playerId)) continue;
        seen.add(playerId);
        await trx
          .insertInto('match_lineup')
          .values({
            match_id: match.id,
            team_id: teamId,
            player_id: playerId,
            shirt_number: entry.shirtNumber,
            position: entry.position,
            starter: entry.starter ? 1 : 0,
            captain: entry.captain ? 1 : 0,
          })
          .execute();
      }
    }
  }

  /** Step 1: the snapshot as the shared contract describes it, or a logged ProviderPayloadError. */
  function validate(raw: unknown): ProviderMatchSnapshot {
    const parsed = providerMatchSnapshotSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    logger.warn({ issues: issues.slice(0, 10) }, 'ingest: rejected a malformed snapshot; nothing stored');
    throw new ProviderPayloadError('Malformed match snapshot', issues);
  }

  /** Step 2 (after resolving the match): a snapshot observed before the stored one changes nothing. */
  function isStale(match: LoadedMatch, snapshot: ProviderMatchSnapshot): boolean {
    return match.observed_at !== null && Date.parse(snapshot.observedAt) < Date.parse(match.observed_at);
  }

  /** Step 3: key events — new ones stored, changed and vanished ones become corrections. */
  async function diffKeyEvents(step: ApplyStep): Promise<void> {
    const { trx, snapshot, match, names, shortNames, out, topic } = step;
    const matchId = match.id;
    if (snapshot.events === null) return;
    const storedRows = await trx
      .selectFrom('match_event')
      .select(['id', 'seq', 'source_key', 'type', 'period', 'minute', 'added_minute', 'team_id', 'player_id', 'related_player_id', 'detail'])
      .where('match_id', '=', matchId)
      .where('source_key', 'is not', null)
      .orderBy('seq')
      .execute();
    const stored = new Map<string, StoredEvent>(
      storedRows.map((row) => [
        row.source_key as string,
        {
          ...row,
          id: Number(row.id),
          source_key: row.source_key as string,
          team_id: row.team_id === null ? null : Number(row.team_id),
          player_id: row.player_id === null ? null : Number(row.player_id),
          related_player_id: row.related_player_id === null ? null : Number(row.related_player_id),
        },
      ]),
    );
    const maxSeqRow = await trx.selectFrom('match_event').select((eb) => eb.fn.max('seq').as('seq')).where('match_id', '=', matchId).executeTakeFirst();
    let nextSeq = Number(maxSeqRow?.seq ?? 0) + 1;
    const storedIds = [...stored.values()].flatMap((row) => [row.player_id, row.related_player_id]).filter((id): id is number => id !== null);
    if (storedIds.length > 0) {
      const rows = await trx.selectFrom('player').select(['id', 'name', 'short_name']).where('id', 'in', storedIds).execute();
      for (const row of rows) {
        names.set(Number(row.id), row.name);
        shortNames.set(Number(row.id), row.short_name);
      }
    }
    const personRef = (id: number) => {
      const name = names.get(id) ?? '';
      return { id, name, shortName: shortNames.get(id) ?? name };
    };
    const toContract = (row: Omit<StoredEvent, 'id' | 'source_key'>): MatchEvent => ({
      seq: row.seq,
      period: row.period,
      minute: row.minute,
      addedMinute: row.added_minute,
      type: row.type,
      teamId: row.team_id,
      player: row.player_id === null ? null : personRef(row.player_id),
      relatedPlayer: row.related_player_id === null ? null : personRef(row.related_player_id),
      detail: row.detail,
    });

    const running = { home: 0, away: 0 };
    const pens = { home: 0, away: 0 };
    const seen = new Set<string>();
    for (const event of snapshot.events) {
      seen.add(event.key);
      if (SCORING_EVENT_TYPES.has(event.type) && event.side) running[event.side] += 1;
      if (event.type === 'shootout_goal' && event.side) pens[event.side] += 1;
      const playerId = event.player ? await resolvePlayer(trx, snapshot.provider, event.player, names, shortNames) : null;
      const relatedId = event.relatedPlayer ? await resolvePlayer(trx, snapshot.provider, event.relatedPlayer, names, shortNames) : null;
      const values = {
        type: event.type,
        period: event.period,
        minute: event.minute,
        added_minute: event.addedMinute,
        team_id: step.teamOf(event.side),
        player_id: playerId,
        related_player_id: relatedId,
        detail: event.detail,
      };
      const before = stored.get(event.key);
      if (!before) {
        const seq = nextSeq++;
        await trx
          .insertInto('match_event')
          .values({ ...values, match_id: matchId, seq, second: null, source_key: event.key })
          .execute();
        out.push({ topic, type: 'match-event', matchId, data: { matchId, event: toContract({ ...values, seq }) } });
        step.commentary.push({
          key: `e:${event.key}`,
          subject: {
            seq,
            period: event.period,
            minute: event.minute,
            addedMinute: event.addedMinute,
            type: event.type,
            side: event.side,
            player: event.player ? (event.player.shortName ?? event.player.name) : null,
            relatedPlayer: event.relatedPlayer ? (event.relatedPlayer.shortName ?? event.relatedPlayer.name) : null,
            detail: event.detail,
            scoreAfter: { ...running },
            penaltiesAfter: event.period === 'P' ? { ...pens } : null,
          },
        });
        continue;
      }
      const changed = (Object.keys(values) as (keyof typeof values)[]).some((field) => values[field] !== before[field]);
      if (!changed) continue;
      await trx.updateTable('match_event').set(values).where('id', '=', before.id).execute();
      out.push({
        topic,
        type: 'correction',
        matchId,
        data: { matchId, before: toContract(before), after: toContract({ ...values, seq: before.seq }), reason: CORRECTION_CHANGED },
      });
    }
    for (const [key, before] of stored) {
      if (seen.has(key)) continue;
      await trx.deleteFrom('match_event').where('id', '=', before.id).execute();
      out.push({ topic, type: 'correction', matchId, data: { matchId, before: toContract(before), after: null, reason: CORRECTION_REMOVED } });
      const player = before.player_id === null ? null : (names.get(before.player_id) ?? null);
      step.commentary.push({
        key: `c:${key}`,
        subject: {
          seq: before.seq,
          period: before.period,
          minute: before.minute,
          addedMinute: before.added_minute,
          type: 'correction',
          side: step.sideOf(before.team_id),
          player,
          relatedPlayer: null,
          detail: before.type,
          scoreAfter: null,
          penaltiesAfter: null,
        },
      });
    }
  }

  /** Step 4: score, status and clock; returns the match's state after the snapshot. */
  async function diffScore(step: ApplyStep): Promise<MatchState> {
    const { trx, snapshot, match, out, topic, now } = step;
    const matchId = match.id;
    const score = snapshot.score;
    const clockState: MatchClock | null = snapshot.clock;
    const minute = clockState ? (readClock(clockState, new Date(snapshot.observedAt))?.minute ?? match.minute) : match.minute;
    // A provider that reports only the minute gives a start estimate that wobbles between polls:
    // within the same phase, a start less than 90 s from the stored one keeps the stored one.
    let phaseStartedAt = clockState?.phaseStartedAt ? new Date(clockState.phaseStartedAt).toISOString() : null;
    if (
      phaseStartedAt !== null &&
      match.phase_started_at !== null &&
      clockState?.phase === match.clock_phase &&
      Math.abs(Date.parse(phaseStartedAt) - Date.parse(match.phase_started_at)) < CLOCK_WOBBLE_MS
    ) {
      phaseStartedAt = match.phase_started_at;
    }
    const next = {
      status: snapshot.status,
      clock_phase: clockState?.phase ?? null,
      phase_started_at: phaseStartedAt,
      clock_rate: clockState?.rate ?? 1,
      home_score: score.home,
      away_score: score.away,
      home_score_ht: score.halfTime?.home ?? null,
      away_score_ht: score.halfTime?.away ?? null,
      home_score_et: score.extraTime?.home ?? null,
      away_score_et: score.extraTime?.away ?? null,
      home_score_pen: score.penalties?.home ?? null,
      away_score_pen: score.penalties?.away ?? null,
    };
    // A staff correction holds against the provider (docs/decisions/019) until the provider agrees.
    const held = await corrections.heldCorrection(trx, matchId);
    if (held) {
      const kept = holdCorrection({ home: next.home_score, away: next.away_score, status: next.status }, held.fields);
      if (kept.agrees) {
        await corrections.releaseAgreed(trx, held.id);
      } else {
        logger.info({ matchId, correction: held.id }, 'ingest: the provider disagrees with a staff correction, which holds');
        next.home_score = kept.home;
        next.away_score = kept.away;
        next.status = kept.status;
      }
    }
    const after: MatchState = { status: next.status, minute, home: next.home_score, away: next.away_score };
    const scoreChanged = (Object.keys(next) as (keyof typeof next)[]).some((field) => next[field] !== match[field]);
    const hasEvents = snapshot.events !== null && snapshot.events.length > 0;
    const observedAt = new Date(snapshot.observedAt).toISOString();
    if (scoreChanged || step.created || match.observed_at !== observedAt) {
      await trx
        .updateTable('match')
        .set({
          ...next,
          minute,
          observed_at: observedAt,
          updated_at: now.toISOString(),
          ...(hasEvents ? { has_events: 1 } : {}),
        })
        .where('id', '=', matchId)
        .execute();
    }
    if (!scoreChanged) return after;
    const live: LiveScore = {
      matchId,
      status: next.status,
      clock: clockState ? { ...clockState, phaseStartedAt } : null,
      minute,
      home: next.home_score,
      away: next.away_score,
      halfTime: score.halfTime,
      extraTime: score.extraTime,
      penalties: score.penalties,
      replayOf: match.replay_of_match_id !== null && match.replay_kickoff_at !== null ? { matchId: match.replay_of_match_id, kickoffAt: match.replay_kickoff_at } : null,
    };
    out.push({ topic, type: 'score', matchId, data: live });
    if (next.status === 'finished' && match.status !== 'finished') {
      step.commentary.push({
        key: 'ft',
        subject: {
          seq: 100_000,
          period: 'FT',
          minute: minute ?? 90,
          addedMinute: null,
          type: 'full_time',
          side: null,
          player: null,
          relatedPlayer: null,
          detail: null,
          scoreAfter: live.home !== null && live.away !== null ? { home: live.home, away: live.away } : null,
          penaltiesAfter: score.penalties,
        },
      });
    }
    return after;
  }

  /** Step 5: team and player stats, compared as rows: the same stats twice write and announce nothing. */
  async function diffStats(step: ApplyStep): Promise<void> {
    const { trx, snapshot, match, names, out, topic } = step;
    const matchId = match.id;
    if (!snapshot.teamStats) return;
    const teamStats: TeamStats[] = [
      { teamId: match.home_team_id, ...snapshot.teamStats.home },
      { teamId: match.away_team_id, ...snapshot.teamStats.away },
    ];
    const rows = teamStats.map((stats) => teamStatsRow(matchId, stats));
    const storedRows = await trx.selectFrom('match_team_stats').selectAll().where('match_id', '=', matchId).orderBy('team_id').execute();
    const columns = Object.keys(rows[0] ?? {}) as (keyof (typeof rows)[number])[];
    const asKey = (row: Record<(typeof columns)[number], number | string>) => columns.map((column) => Number(row[column])).join(',');
    const sortedRows = [...rows].sort((a, b) => a.team_id - b.team_id);
    if (storedRows.map(asKey).join('|') === sortedRows.map(asKey).join('|')) return;
    await trx.deleteFrom('match_team_stats').where('match_id', '=', matchId).execute();
    await trx.insertInto('match_team_stats').values(rows).execute();
    const playerStats: PlayerStats[] = [];
    if (snapshot.playerStats) {
      await trx.deleteFrom('match_player_stats').where('match_id', '=', matchId).execute();
      for (const { player, side, ...counts } of snapshot.playerStats) {
        const playerId = await resolvePlayer(trx, snapshot.provider, player, names);
        const teamId = step.teamOf(side) as number;
        playerStats.push({ playerId, name: player.name, teamId, ...counts });
      }
      const unique = [...new Map(playerStats.map((stats) => [stats.playerId, stats])).values()];
      if (unique.length > 0) {
        await trx
          .insertInto('match_player_stats')
          .values(unique.map((stats) => playerStatsRow(matchId, stats)))
          .execute();
      }
    }
    out.push({ topic, type: 'stats', matchId, data: { matchId, teamStats, playerStats } });
  }

  /** Step 6: commentary — the lines the earlier steps asked for plus the provider's moments, each once. */
  async function writeCommentary(step: ApplyStep): Promise<void> {
    const { trx, snapshot, match, out, topic } = step;
    const matchId = match.id;
    for (const moment of snapshot.moments ?? []) {
      step.commentary.push({
        key: `m:${moment.key}`,
        subject: {
          seq: 0,
          period: moment.period,
          minute: moment.minute,
          addedMinute: moment.addedMinute,
          type: moment.kind,
          side: moment.side,
          player: moment.player ? (moment.player.shortName ?? moment.player.name) : null,
          relatedPlayer: null,
          detail: moment.detail,
          scoreAfter: null,
          penaltiesAfter: null,
        },
      });
    }
    if (step.commentary.length === 0) return;
    const existingKeys = new Set(
      (
        await trx
          .selectFrom('match_commentary')
          .select('source_key')
          .where('match_id', '=', matchId)
          .where(
            'source_key',
            'in',
            step.commentary.map((line) => line.key),
          )
          .execute()
      ).map((row) => row.source_key),
    );
    const maxRow = await trx.selectFrom('match_commentary').select((eb) => eb.fn.max('seq').as('seq')).where('match_id', '=', matchId).executeTakeFirst();
    let nextLine = Number(maxRow?.seq ?? 0) + 1;
    const names: CommentaryNames = { home: match.home_name, away: match.away_name };
    for (const { key, subject } of step.commentary) {
      if (existingKeys.has(key)) continue;
      const text = subject.type === 'correction' ? correctionText(subject, names) : commentaryLine({ ...subject, seq: subject.seq || nextLine }, names);
      if (!text) continue;
      const seq = nextLine++;
      await trx
        .insertInto('match_commentary')
        .values({ match_id: matchId, seq, source_key: key, period: text.period, minute: text.minute, added_minute: text.addedMinute, kind: text.kind, text: text.text })
        .execute();
      out.push({ topic, type: 'commentary', matchId, data: { matchId, line: { seq, ...text } } });
    }
  }

  /** After the commit: modules that react to a match changing hear of it (never inside the transaction). */
  function announce(change: MatchChanged): void {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (error) {
        logger.error({ err: error, matchId: change.matchId }, 'ingest: a match-change listener failed');
      }
    }
  }

  /**
   * Validate → resolve the match → (stale? stop) → line-ups → key events →
   * score → stats → commentary → append to the live log, all in one
   * transaction; then announce the change to subscribers.
   */
  async function apply(raw: unknown): Promise<PipelineResult> {
    const snapshot = validate(raw);
    const now = clock.now();
    const result = await inTransaction(db, async (trx): Promise<PipelineResult & { change: MatchChanged | null }> => {
      const { matchId, created } = await findOrCreateMatch(trx, snapshot, now);
      const match = await loadMatch(trx, matchId);
      if (isStale(match, snapshot)) return { matchId, outcome: 'stale', events: [], change: null };
      const step: ApplyStep = {
        trx,
        snapshot,
        match,
        created,
        now,
        topic: matchTopic(matchId),
        names: new Map(),
        shortNames: new Map(),
        out: [],
        commentary: [],
        teamOf: (side) => (side === 'home' ? match.home_team_id : side === 'away' ? match.away_team_id : null),
        sideOf: (teamId) => (teamId === match.home_team_id ? 'home' : teamId === match.away_team_id ? 'away' : null),
      };
      await writeLineups(trx, snapshot, match, step.names);
      await diffKeyEvents(step);
      const after = await diffScore(step);
      await diffStats(step);
      await writeCommentary(step);
      const events = await live.append(trx, step.out);
      const outcome = created ? 'created' : events.length > 0 ? 'updated' : 'unchanged';
      const before: MatchState | null = created ? null : { status: match.status as MatchStatus, minute: match.minute, home: match.home_score, away: match.away_score };
      const change: MatchChanged | null = outcome === 'unchanged' ? null : { matchId, outcome, before, after, events };
      return { matchId, outcome, events, change };
    });
    const { change, ...applied } = result;
    if (change) announce(change);
    return applied;
  }

  return {
    apply,
    corrections,
    onMatchChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function correctionText(subject: CommentarySubject, names: CommentaryNames) {
  const team = subject.side === 'home' ? names.home : subject.side === 'away' ? names.away : null;
  const what = subject.detail === 'goal' || subject.detail === 'penalty_goal' || subject.detail === 'own_goal' ? 'goal' : 'event';
  const who = subject.player ? ` credited to ${subject.player}` : '';
  return {
    period: subject.period,
    minute: subject.minute,
    addedMinute: subject.addedMinute,
    kind: 'info' as const,
    text: `Correction: the ${what}${who} (${team ? `${team}, ` : ''}${subject.minute}') has been removed by the data provider.`,
  };
}
