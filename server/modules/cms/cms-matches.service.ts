// The CMS's Matches screen (issue #20): find a match by team, competition or date;
// correct its score, status or kick-off time with a required reason; release a
// correction so the provider's data counts again. The corrections themselves run
// on the live path (server/ingest/corrections.ts), handed to this module by the
// composition root as a MatchCorrector; each one is audited in its transaction.
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/schema.ts';
import type { MatchSummary } from '../../../domain/football-contracts.ts';
import { correctionInputSchema, type CorrectedFields, type MatchFacts } from '../../../domain/match-corrections.ts';
import type { FootballService } from '../football/football.service.ts';
import type { AuditLog } from './cms-audit.service.ts';
import { invalidInput, type CmsResult } from './cms-results.ts';
import type { CmsActor } from './cms.schemas.ts';

type Trx = Transaction<Database>;

/** The live path's corrections, as the CMS needs them (the ingest module provides them). */
export interface MatchCorrector {
  correct(
    input: { matchId: number; fields: CorrectedFields; reason: string; actorId: number },
    within?: (trx: Trx, outcome: { correctionId: number; before: MatchFacts; after: MatchFacts }) => Promise<void>,
  ): Promise<{ ok: true; changed: boolean } | { ok: false; code: 'not_found'; message: string }>;
  release(
    input: { matchId: number; actorId: number },
    within?: (trx: Trx, released: { id: number; fields: CorrectedFields }) => Promise<void>,
  ): Promise<{ id: number; fields: CorrectedFields } | null>;
  describeHeld(
    matchId: number,
  ): Promise<{ fields: CorrectedFields; reason: string; actorId: number; createdAt: string } | null>;
}

const cursorSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z_\d+$/)
  .transform((value) => {
    const [kickoffAt = '', id = '0'] = value.split('_');
    return { kickoffAt, id: Number(id) };
  });

export const matchSearchSchema = z.object({
  team: z.string().trim().max(80, 'Use at most 80 characters').optional(),
  competition: z
    .string()
    .trim()
    .regex(/^[a-z0-9.-]{1,20}$/i, 'A competition code is like en.1 or uefa.cl')
    .optional(),
  date: z.iso.date({ error: 'Write the date as 2026-11-27' }).optional(),
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export interface MatchSearchPage {
  matches: MatchSummary[];
  /** Pass back as `cursor` for the next page; null on the last. */
  nextCursor: string | null;
}

export interface HeldCorrectionView {
  fields: CorrectedFields;
  reason: string;
  createdAt: string;
}

export interface CmsMatchesService {
  search(params: Record<string, string | undefined>): Promise<CmsResult<{ page: MatchSearchPage }>>;
  /** One match with the correction holding on it, if any. */
  find(matchId: number): Promise<CmsResult<{ match: MatchSummary; held: HeldCorrectionView | null }>>;
  correct(actor: CmsActor, matchId: number, input: unknown): Promise<CmsResult<{ changed: boolean }>>;
  release(actor: CmsActor, matchId: number): Promise<CmsResult<{ released: boolean }>>;
}

export function createCmsMatchesService(deps: {
  football: Pick<FootballService, 'searchMatches' | 'getMatch'>;
  corrector: MatchCorrector;
  audit: AuditLog;
}): CmsMatchesService {
  const { football, corrector, audit } = deps;
  const notFound = { ok: false, code: 'not_found', message: 'There is no such match' } as const;

  return {
    async search(params) {
      const defined = Object.fromEntries(
        Object.entries(params).filter(([, value]) => value !== undefined && value !== ''),
      );
      const parsed = matchSearchSchema.safeParse(defined);
      if (!parsed.success) return invalidInput(parsed.error);
      const { cursor, ...filter } = parsed.data;
      const found = await football.searchMatches({ ...filter, ...(cursor ? { cursor } : {}) });
      return {
        ok: true,
        page: {
          matches: found.matches,
          nextCursor: found.nextCursor ? `${found.nextCursor.kickoffAt}_${found.nextCursor.id}` : null,
        },
      };
    },

    async find(matchId) {
      let match: MatchSummary;
      try {
        match = await football.getMatch(matchId);
      } catch {
        return notFound;
      }
      const held = await corrector.describeHeld(matchId);
      return {
        ok: true,
        match,
        held: held ? { fields: held.fields, reason: held.reason, createdAt: held.createdAt } : null,
      };
    },

    async correct(actor, matchId, input) {
      const parsed = correctionInputSchema.safeParse(input);
      if (!parsed.success) return invalidInput(parsed.error);
      const { reason, ...fields } = parsed.data;
      const outcome = await corrector.correct(
        { matchId, fields, reason, actorId: actor.id },
        async (trx, { correctionId, before, after }) => {
          const changedKeys = Object.keys(fields) as Array<keyof CorrectedFields>;
          const pick = (facts: MatchFacts): Record<string, unknown> => {
            const picked: Record<string, unknown> = {};
            for (const key of changedKeys) {
              if (key === 'home' || key === 'away') Object.assign(picked, { home: facts.home, away: facts.away });
              else picked[key] = facts[key];
            }
            return picked;
          };
          await audit.record(trx, actor, {
            action: 'match.correct',
            target: { kind: 'match', id: matchId },
            before: pick(before),
            after: { ...pick(after), reason, correction: correctionId },
          });
        },
      );
      if (!outcome.ok) return outcome;
      return { ok: true, changed: outcome.changed };
    },

    async release(actor, matchId) {
      const released = await corrector.release({ matchId, actorId: actor.id }, async (trx, held) => {
        await audit.record(trx, actor, {
          action: 'match.release',
          target: { kind: 'match', id: matchId },
          before: { held: held.fields },
          after: { held: null },
        });
      });
      return { ok: true, released: released !== null };
    },
  };
}
