// The CMS's hot-matches screen (issue #20): find a match, pin it with an
// optional label, move it up or down, unpin it. The pins belong to the football
// module (server/modules/football/hot-matches.service.ts): this service checks
// the input, calls it in a transaction and writes the audit entry in the same
// one.
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { inTransaction } from '../../../db/transaction.ts';
import type { MatchSummary } from '../../../domain/football-contracts.ts';
import type { Clock } from '../../platform/clock.ts';
import type { HotMatchesService, PinnedMatch, PinValues, PinWrite } from '../football/hot-matches.service.ts';
import type { AuditLog, AuditRecord } from './cms-audit.service.ts';
import { invalidInput, type CmsResult } from './cms-results.ts';
import { hotSearchQuerySchema, pinChangeSchema, pinInputSchema } from './cms-hot-matches.schemas.ts';
import type { CmsActor } from './cms.schemas.ts';

export interface CmsHotMatchesService {
  list(): Promise<{ pins: PinnedMatch[] }>;
  /** Matches to pin, by team or competition (`q`) and UTC day (`date`). */
  search(params: Record<string, string | undefined>): Promise<CmsResult<{ matches: MatchSummary[] }>>;
  pin(actor: CmsActor, input: unknown): Promise<CmsResult<{ pins: PinnedMatch[] }>>;
  /** A new position (1 is first) and/or label. */
  update(actor: CmsActor, matchId: number, input: unknown): Promise<CmsResult<{ pins: PinnedMatch[] }>>;
  unpin(actor: CmsActor, matchId: number): Promise<CmsResult<{ pins: PinnedMatch[] }>>;
}

type PinDone = Extract<PinWrite, { ok: true }>;

/** The audit action of a change: a move, a new label, both, or none when nothing changed. */
function updateAction(before: PinValues | null, after: PinValues | null): string | null {
  const moved = before?.position !== after?.position;
  const relabelled = before?.label !== after?.label;
  return moved && relabelled ? 'hot-match.update' : moved ? 'hot-match.move' : relabelled ? 'hot-match.label' : null;
}

export function createCmsHotMatchesService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  hotMatches: HotMatchesService;
  audit: AuditLog;
}): CmsHotMatchesService {
  const { db, clock, hotMatches, audit } = deps;

  async function list() {
    return { pins: await hotMatches.listPins(clock.now()) };
  }

  /** Runs a pin write and its audit entry in one transaction; answers with the pins as they are after it. */
  async function write(
    actor: CmsActor,
    run: (trx: Kysely<Database>) => Promise<PinWrite>,
    entry: (done: PinDone) => AuditRecord | null,
  ): Promise<CmsResult<{ pins: PinnedMatch[] }>> {
    const result = await inTransaction(db, async (trx) => {
      const done = await run(trx);
      const record = done.ok ? entry(done) : null;
      if (record) await audit.record(trx, actor, record);
      return done;
    });
    if (!result.ok) return result;
    return { ok: true, ...(await list()) };
  }

  return {
    list,

    async search(params) {
      const parsed = hotSearchQuerySchema.safeParse(params);
      if (!parsed.success) return invalidInput(parsed.error);
      return {
        ok: true,
        matches: await hotMatches.searchMatches({ text: parsed.data.q, date: parsed.data.date ?? null }, clock.now()),
      };
    },

    async pin(actor, input) {
      const parsed = pinInputSchema.safeParse(input);
      if (!parsed.success) return invalidInput(parsed.error);
      const { matchId, label, position } = parsed.data;
      return write(
        actor,
        (trx) =>
          hotMatches.pin(trx, {
            matchId,
            label: label ?? null,
            ...(position ? { position } : {}),
            by: actor.id,
            at: clock.now(),
          }),
        (done) => ({
          action: 'hot-match.pin',
          target: { kind: 'match', id: matchId },
          after: { fixture: done.fixture, ...done.after },
        }),
      );
    },

    async update(actor, matchId, input) {
      const parsed = pinChangeSchema.safeParse(input);
      if (!parsed.success) return invalidInput(parsed.error);
      return write(
        actor,
        (trx) => hotMatches.update(trx, matchId, parsed.data, clock.now()),
        (done) => {
          const action = updateAction(done.before, done.after);
          return action
            ? { action, target: { kind: 'match', id: matchId }, before: { ...done.before }, after: { ...done.after } }
            : null;
        },
      );
    },

    async unpin(actor, matchId) {
      return write(
        actor,
        (trx) => hotMatches.unpin(trx, matchId, clock.now()),
        (done) => ({
          action: 'hot-match.unpin',
          target: { kind: 'match', id: matchId },
          before: { fixture: done.fixture, ...done.before },
        }),
      );
    },
  };
}
