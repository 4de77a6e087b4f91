// Staff corrections on the live path (issue #20, docs/decisions/019): a score,
// status or kick-off time set by hand is written the way a provider's change is —
// the match row, a `score` event and a commentary line in the live log, in one
// transaction — so open pages update without reload and tables follow. The
// correction then holds against provider snapshots (the pipeline asks
// `heldCorrection` before it writes a score) until the provider agrees or staff
// release it. The caller's `within` runs inside the same transaction (the CMS
// writes its audit entry there).
import type { Transaction } from 'kysely';
import type { Logger } from 'pino';
import { toIsoString, type DatabaseHandle } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { matchTopic } from '../../domain/live-contracts.ts';
import type { LiveScore } from '../../domain/live-stream.ts';
import type { MatchChanged, MatchState } from '../../domain/match-changes.ts';
import { changedFacts, correctedFacts, correctionLine, type CorrectedFields, type MatchFacts } from '../../domain/match-corrections.ts';
import { matchPhaseSchema } from '../../domain/match-schemas.ts';
import type { MatchStatus } from '../../domain/match-status.ts';
import type { Clock } from '../platform/clock.ts';
import type { LiveWriter, NewLiveEvent } from '../modules/live/live.service.ts';

type Trx = Transaction<Database>;

/** Where staff lines start numbering in a match's commentary. */
export const STAFF_LINE_FIRST_SEQ = 100_000;

export interface HeldCorrection {
  id: number;
  fields: CorrectedFields;
}

export interface HeldCorrectionView {
  fields: CorrectedFields;
  reason: string;
  actorId: number;
  createdAt: string;
}

export type CorrectionOutcome =
  | { ok: true; changed: false }
  | { ok: true; changed: true; correctionId: number; before: MatchFacts; after: MatchFacts }
  | { ok: false; code: 'not_found'; message: string };

export interface MatchCorrections {
  /**
   * Sets the given fields of a match by hand. `within` runs in the same transaction with what
   * changed (it may throw to undo everything). Nothing is written when nothing would change.
   */
  correct(
    input: { matchId: number; fields: CorrectedFields; reason: string; actorId: number },
    within?: (trx: Trx, outcome: { correctionId: number; before: MatchFacts; after: MatchFacts }) => Promise<void>,
  ): Promise<CorrectionOutcome>;
  /** Lets a held correction go: the next provider snapshot may write those fields again. */
  release(
    input: { matchId: number; actorId: number },
    within?: (trx: Trx, released: HeldCorrection) => Promise<void>,
  ): Promise<HeldCorrection | null>;
  /** What staff see of the correction holding on a match: the fields, why, who and when. */
  describeHeld(matchId: number): Promise<HeldCorrectionView | null>;
  /** The correction holding on a match, if any (the pipeline reads it inside its transaction). */
  heldCorrection(trx: Trx, matchId: number): Promise<HeldCorrection | null>;
  /** Ends a held correction once the provider says the same (inside the pipeline's transaction). */
  releaseAgreed(trx: Trx, correctionId: number): Promise<void>;
}

async function loadFacts(trx: Trx, matchId: number) {
  const row = await trx
    .selectFrom('match as m')
    .innerJoin('team as h', 'h.id', 'm.home_team_id')
    .innerJoin('team as a', 'a.id', 'm.away_team_id')
    .leftJoin('match as o', 'o.id', 'm.replay_of_match_id')
    .select([
      'm.id',
      'm.status',
      'm.minute',
      'm.kickoff_at',
      'm.home_score',
      'm.away_score',
      'm.home_score_ht',
      'm.away_score_ht',
      'm.home_score_et',
      'm.away_score_et',
      'm.home_score_pen',
      'm.away_score_pen',
      'm.clock_phase',
      'm.phase_started_at',
      'm.clock_rate',
      'm.replay_of_match_id',
      'o.kickoff_at as replay_kickoff_at',
      'h.name as home_name',
      'a.name as away_name',
    ])
    .where('m.id', '=', matchId)
    .executeTakeFirst();
  return row ?? null;
}

type FactsRow = NonNullable<Awaited<ReturnType<typeof loadFacts>>>;

function pair(home: number | null, away: number | null) {
  return home === null || away === null ? null : { home, away };
}

function liveScoreOf(row: FactsRow, after: MatchFacts): LiveScore {
  const phase = matchPhaseSchema.safeParse(row.clock_phase);
  return {
    matchId: Number(row.id),
    status: after.status,
    clock: phase.success
      ? { phase: phase.data, phaseStartedAt: row.phase_started_at === null ? null : toIsoString(row.phase_started_at), rate: Number(row.clock_rate) }
      : null,
    minute: row.minute,
    home: after.home,
    away: after.away,
    halfTime: pair(row.home_score_ht, row.away_score_ht),
    extraTime: pair(row.home_score_et, row.away_score_et),
    penalties: pair(row.home_score_pen, row.away_score_pen),
    replayOf:
      row.replay_of_match_id !== null && row.replay_kickoff_at !== null
        ? { matchId: Number(row.replay_of_match_id), kickoffAt: toIsoString(row.replay_kickoff_at) }
        : null,
  };
}

function stateOf(facts: MatchFacts, minute: number | null): MatchState {
  return { status: facts.status, minute, home: facts.home, away: facts.away };
}

export function createMatchCorrections(options: {
  database: DatabaseHandle;
  clock: Clock;
  logger: Logger;
  live: LiveWriter;
  /** Tells the match-change subscribers after the commit (the pipeline's listeners). */
  announce: (change: MatchChanged) => void;
}): MatchCorrections {
  const { database, clock, live, announce } = options;
  const { db } = database;

  async function heldCorrection(trx: Trx, matchId: number): Promise<HeldCorrection | null> {
    const row = await trx
      .selectFrom('match_correction')
      .select(['id', 'fields'])
      .where('match_id', '=', matchId)
      .where('released_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row ? { id: Number(row.id), fields: JSON.parse(row.fields) as CorrectedFields } : null;
  }

  async function releaseRow(trx: Trx, id: number, reason: 'provider-agrees' | 'staff' | 'superseded'): Promise<void> {
    await trx
      .updateTable('match_correction')
      .set({ released_at: clock.now().toISOString(), released_reason: reason })
      .where('id', '=', id)
      .where('released_at', 'is', null)
      .execute();
  }

  return {
    heldCorrection,
    async describeHeld(matchId) {
      const row = await db
        .selectFrom('match_correction')
        .select(['fields', 'reason', 'actor_id', 'created_at'])
        .where('match_id', '=', matchId)
        .where('released_at', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row
        ? { fields: JSON.parse(row.fields) as CorrectedFields, reason: row.reason, actorId: Number(row.actor_id), createdAt: toIsoString(row.created_at) }
        : null;
    },
    releaseAgreed: (trx, id) => releaseRow(trx, id, 'provider-agrees'),

    async correct(input, within) {
      const result = await inTransaction(db, async (trx) => {
        const row = await loadFacts(trx, input.matchId);
        if (!row) return { outcome: { ok: false, code: 'not_found', message: 'There is no such match' } as const, change: null };
        const before: MatchFacts = {
          home: row.home_score,
          away: row.away_score,
          status: row.status as MatchStatus,
          kickoffAt: toIsoString(row.kickoff_at),
        };
        const changed = changedFacts(before, input.fields);
        if (Object.keys(changed).length === 0) return { outcome: { ok: true, changed: false } as const, change: null };
        const after = correctedFacts(before, changed);
        const now = clock.now();

        // One correction holds per match: the new one takes over the fields the last one held.
        const held = await heldCorrection(trx, input.matchId);
        if (held) await releaseRow(trx, held.id, 'superseded');
        const inserted = await trx
          .insertInto('match_correction')
          .values({
            match_id: input.matchId,
            fields: JSON.stringify({ ...held?.fields, ...changed }),
            before: JSON.stringify(before),
            reason: input.reason,
            actor_id: input.actorId,
            created_at: now.toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const correctionId = Number(inserted.id);
        await trx
          .updateTable('match')
          .set({
            home_score: after.home,
            away_score: after.away,
            status: after.status,
            kickoff_at: after.kickoffAt,
            updated_at: now.toISOString(),
          })
          .where('id', '=', input.matchId)
          .execute();

        const topic = matchTopic(input.matchId);
        const out: NewLiveEvent[] = [];
        if (changed.home !== undefined || changed.status !== undefined || changed.kickoffAt !== undefined) {
          out.push({ topic, type: 'score', matchId: input.matchId, data: liveScoreOf(row, after) });
        }
        const last = await trx
          .selectFrom('match_commentary')
          .select((eb) => eb.fn.max('seq').as('seq'))
          .where('match_id', '=', input.matchId)
          .executeTakeFirst();
        // From 100,000 up: a finished match's generated commentary (numbered from 1, never stored) keeps its lines.
        const seq = Math.max(Number(last?.seq ?? 0) + 1, STAFF_LINE_FIRST_SEQ);
        const line = {
          period: after.status === 'finished' ? 'FT' : '',
          minute: row.minute ?? 0,
          addedMinute: null,
          kind: 'info' as const,
          text: correctionLine(changed, input.reason, { home: row.home_name, away: row.away_name }),
        };
        await trx
          .insertInto('match_commentary')
          .values({
            match_id: input.matchId,
            seq,
            source_key: `staff-correction:${correctionId}`,
            period: line.period,
            minute: line.minute,
            added_minute: null,
            kind: line.kind,
            text: line.text,
          })
          .execute();
        out.push({ topic, type: 'commentary', matchId: input.matchId, data: { matchId: input.matchId, line: { seq, ...line } } });
        const events = await live.append(trx, out);
        await within?.(trx, { correctionId, before, after });
        const change: MatchChanged = {
          matchId: input.matchId,
          outcome: 'updated',
          before: stateOf(before, row.minute),
          after: stateOf(after, row.minute),
          events,
        };
        return { outcome: { ok: true, changed: true, correctionId, before, after } as const, change };
      });
      if (result.change) announce(result.change);
      return result.outcome;
    },

    async release(input, within) {
      return inTransaction(db, async (trx) => {
        const held = await heldCorrection(trx, input.matchId);
        if (!held) return null;
        await releaseRow(trx, held.id, 'staff');
        await within?.(trx, held);
        return held;
      });
    },
  };
}
