// What staff change of the catalogue (issue #21, scope cms:payments;
// docs/payments.md): plans' terms, their place and visibility on the pricing
// pages, and the payment methods on offer. The CMS calls these through the
// payments service, inside its own transaction, and writes the audit entry in
// the same one.
//
// A change of terms adds a version: the form carries the version it was made
// from, and the plan moves on only if it is still there (advancePlanVersion),
// so of two staff saving at once the second is told the plan changed meanwhile
// and nothing of theirs is written. Old versions are never changed: orders keep
// theirs. The payment methods are read from the database on each use, so a
// change takes effect on every node at once.
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseEngine } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import {
  PAYMENT_PROVIDERS,
  type Plan,
  type PaymentProvider as ProviderId,
} from '../../../domain/payments-contracts.ts';
import type {
  AdminPlan,
  NewPlan,
  PaymentMethod,
  PaymentMethodChange,
  PlanDetail,
  PlanPlacement,
  PlanRevision,
  PlanTerms,
} from '../../../domain/plans-admin.ts';
import {
  advancePlanVersion,
  insertPlan,
  insertPlanVersion,
  selectMethodRows,
  selectPlanOrder,
  selectPlanVersionIds,
  updatePlanHidden,
  updatePlanPositions,
  writeMethodRows,
  type MethodRow,
} from './payments.catalogue.queries.ts';
import { selectCurrentPlanVersion, selectPlanVersions, type PlanVersionRow } from './payments.queries.ts';

type Values = Record<string, unknown>;

/** A catalogue change: what it changed (for the audit entry), or why it was refused. */
export type CatalogueWrite =
  | { ok: true; changed: boolean; planId?: number; before: Values; after: Values }
  | { ok: false; code: 'not_found' | 'conflict'; message: string }
  | { ok: false; code: 'invalid_input'; message: string; fields: Record<string, string> };

export interface PaymentsCatalogue {
  /** Every plan at its current version, hidden ones too, in /pricing's order. */
  adminPlans(): Promise<AdminPlan[]>;
  /** A plan with every version of its terms, newest first; null when there is no such plan. */
  planDetail(planId: number): Promise<PlanDetail | null>;
  createPlan(trx: Transaction<Database>, input: NewPlan, at: Date): Promise<CatalogueWrite>;
  /** New terms as a new version, made from `expectedVersion`; a stale one is a conflict and changes nothing. */
  revisePlan(trx: Transaction<Database>, planId: number, input: PlanRevision, at: Date): Promise<CatalogueWrite>;
  /** Shows or hides a plan on the pricing pages and/or moves it (1 is first). Free is always shown. */
  placePlan(trx: Transaction<Database>, planId: number, input: PlanPlacement): Promise<CatalogueWrite>;
  /** Every provider with whether it is enabled, configured on this server and offered, in /pricing's order. */
  paymentMethods(): Promise<PaymentMethod[]>;
  /** Enables, disables or moves a payment method; the last one offered cannot be disabled. */
  changePaymentMethod(
    trx: Transaction<Database>,
    provider: ProviderId,
    change: PaymentMethodChange,
    by: number,
    at: Date,
  ): Promise<CatalogueWrite>;
}

const invalid = (fields: Record<string, string>): CatalogueWrite => ({
  ok: false,
  code: 'invalid_input',
  message: 'Please correct the fields marked below',
  fields,
});

/** The rules zod cannot see: Free has no price, duration, trial or entitlements; a paid plan needs them. */
function termsProblems(kind: string, terms: PlanTerms): Record<string, string> {
  const fields: Record<string, string> = {};
  if (kind === 'free') {
    if (terms.prices.length > 0) fields.prices = 'The Free plan cannot be given a price';
    if (terms.durationDays !== null) fields.durationDays = 'The Free plan never expires';
    if (terms.trialDays !== 0) fields.trialDays = 'The Free plan has no trial';
    if (terms.entitlements.length > 0) fields.entitlements = 'The Free plan grants nothing beyond the free site';
    return fields;
  }
  if (terms.prices.length === 0) fields.prices = 'Give a price in at least one currency';
  if (terms.durationDays === null) fields.durationDays = 'Give how many days one payment grants';
  if (terms.entitlements.length === 0) fields.entitlements = 'Choose at least one thing the plan grants';
  return fields;
}

function termsOf(row: PlanVersionRow): Values {
  return {
    version: row.version,
    name: row.name,
    durationDays: row.durationDays,
    trialDays: row.trialDays,
    features: row.features,
    entitlements: row.entitlements,
    prices: Object.fromEntries(row.prices.map((price) => [price.currency, price.amountMinor])),
  };
}

function sameTerms(row: PlanVersionRow, terms: PlanTerms): boolean {
  const { version: _version, ...current } = termsOf(row);
  const next = {
    name: terms.name,
    durationDays: terms.durationDays,
    trialDays: terms.trialDays,
    features: terms.features,
    entitlements: [...terms.entitlements].sort(),
    prices: Object.fromEntries(
      [...terms.prices]
        .sort((a, b) => a.currency.localeCompare(b.currency))
        .map((price) => [price.currency, price.amountMinor]),
    ),
  };
  return JSON.stringify({ ...current, entitlements: [...row.entitlements].sort() }) === JSON.stringify(next);
}

export function createPaymentsCatalogue(deps: {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  /** The providers this server is configured for (the composition root's). */
  configured: readonly ProviderId[];
  toPlan: (row: PlanVersionRow) => Plan;
}): PaymentsCatalogue {
  const { db, engine, configured, toPlan } = deps;

  const toAdmin = (row: PlanVersionRow): AdminPlan => ({ ...toPlan(row), hidden: row.hidden, position: row.position });

  return {
    async adminPlans() {
      return (await selectPlanVersions(db)).map(toAdmin);
    },

    async planDetail(planId) {
      const current = await selectCurrentPlanVersion(db, planId);
      if (!current) return null;
      const versions = await selectPlanVersions(db, await selectPlanVersionIds(db, planId));
      return {
        plan: toAdmin(current),
        versions: versions
          .sort((a, b) => b.version - a.version)
          .map((row) => {
            const plan = toPlan(row);
            return {
              version: row.version,
              name: row.name,
              durationDays: row.durationDays,
              trialDays: row.trialDays,
              features: row.features,
              entitlements: plan.entitlements,
              prices: plan.prices,
              createdAt: row.createdAt,
            };
          }),
      };
    },

    async createPlan(trx, input, at) {
      const fields = termsProblems(input.kind, input);
      if (input.kind === 'sport-pass' && input.sport === null) fields.sport = 'A sport pass is for one sport';
      if (input.kind === 'premium' && input.sport !== null) fields.sport = 'Premium is for every sport: leave it empty';
      if (Object.keys(fields).length > 0) return invalid(fields);
      const planId = await insertPlan(trx, { code: input.code, kind: input.kind, sport: input.sport, at });
      if (planId === null)
        return { ok: false, code: 'conflict', message: `There is a plan with the code “${input.code}” already` };
      await insertPlanVersion(trx, { ...input, planId, version: 1, at });
      const [row] = await selectPlanVersions(trx, await selectPlanVersionIds(trx, planId));
      return {
        ok: true,
        changed: true,
        planId,
        before: {},
        after: {
          code: input.code,
          kind: input.kind,
          sport: input.sport,
          interval: input.interval,
          ...(row ? termsOf(row) : {}),
        },
      };
    },

    async revisePlan(trx, planId, input, at) {
      const current = await selectCurrentPlanVersion(trx, planId);
      if (!current) return { ok: false, code: 'not_found', message: 'There is no such plan' };
      const stale: CatalogueWrite = {
        ok: false,
        code: 'conflict',
        message: `This plan was changed meanwhile (it is at version ${current.version} now, you edited version ${input.expectedVersion}): nothing was saved. Open it again to see the changes, then make yours.`,
      };
      if (current.version !== input.expectedVersion) return stale;
      const fields = termsProblems(current.kind, input);
      if (Object.keys(fields).length > 0) return invalid(fields);
      if (sameTerms(current, input)) return { ok: true, changed: false, planId, before: {}, after: {} };
      if (!(await advancePlanVersion(trx, planId, input.expectedVersion))) return stale;
      await insertPlanVersion(trx, {
        planId,
        version: input.expectedVersion + 1,
        name: input.name,
        interval: current.interval,
        durationDays: input.durationDays,
        trialDays: input.trialDays,
        features: input.features,
        entitlements: input.entitlements,
        prices: input.prices,
        at,
      });
      const next = await selectCurrentPlanVersion(trx, planId);
      return { ok: true, changed: true, planId, before: termsOf(current), after: next ? termsOf(next) : {} };
    },

    async placePlan(trx, planId, input) {
      const order = await selectPlanOrder(trx, { engine });
      const current = await selectCurrentPlanVersion(trx, planId);
      if (!current || !order.includes(planId))
        return { ok: false, code: 'not_found', message: 'There is no such plan' };
      if (input.hidden === true && current.kind === 'free') {
        return { ok: false, code: 'conflict', message: 'The Free plan is always shown: it cannot be hidden' };
      }
      const before = { hidden: current.hidden, position: order.indexOf(planId) + 1 };
      const after = { ...before };
      if (input.hidden !== undefined && input.hidden !== current.hidden) {
        await updatePlanHidden(trx, planId, input.hidden);
        after.hidden = input.hidden;
      }
      if (input.position !== undefined) {
        const moved = order.filter((id) => id !== planId);
        const index = Math.min(input.position, order.length) - 1;
        moved.splice(index, 0, planId);
        await updatePlanPositions(trx, moved);
        after.position = index + 1;
      }
      const changed = before.hidden !== after.hidden || before.position !== after.position;
      return { ok: true, changed, planId, before, after };
    },

    async paymentMethods() {
      return methodsFrom(await selectMethodRows(db), configured);
    },

    async changePaymentMethod(trx, provider, change, by, at) {
      const methods = methodsFrom(await selectMethodRows(trx, { engine }), configured);
      const target = methods.find((method) => method.provider === provider);
      if (!target) return { ok: false, code: 'not_found', message: 'There is no such payment method' };
      const next = methods.filter((method) => method.provider !== provider);
      const index = Math.min(change.position ?? target.position, methods.length) - 1;
      const enabled = change.enabled ?? target.enabled;
      next.splice(index, 0, { ...target, enabled, offered: enabled && target.configured });
      if (!next.some((method) => method.offered)) {
        return {
          ok: false,
          code: 'conflict',
          message: `${target.provider} is the last payment method on offer: enable another one before disabling it, or nobody could pay`,
        };
      }
      const before = { enabled: target.enabled, position: target.position };
      const after = { enabled, position: index + 1 };
      if (before.enabled === after.enabled && before.position === after.position) {
        return { ok: true, changed: false, before: {}, after: {} };
      }
      await writeMethodRows(
        trx,
        next.map((method, place) => ({ provider: method.provider, enabled: method.enabled, position: place + 1 })),
        by,
        at,
      );
      return { ok: true, changed: true, before, after };
    },
  };
}

/** The stored rows, with a provider that has none enabled after them; positions 1, 2, 3… */
function methodsFrom(rows: readonly MethodRow[], configured: readonly ProviderId[]): PaymentMethod[] {
  const known = PAYMENT_PROVIDERS.map((provider, index) => {
    const row = rows.find((item) => item.provider === provider);
    return { provider, enabled: row?.enabled ?? true, rank: row ? row.position : 1000 + index };
  });
  known.sort((a, b) => a.rank - b.rank);
  return known.map((item, index) => {
    const isConfigured = configured.includes(item.provider);
    return {
      provider: item.provider,
      enabled: item.enabled,
      position: index + 1,
      configured: isConfigured,
      offered: item.enabled && isConfigured,
    };
  });
}

/** The providers offered at checkout, in order: enabled by staff and configured on this server. */
export async function offeredProviders(db: Kysely<Database>, configured: readonly ProviderId[]): Promise<ProviderId[]> {
  return methodsFrom(await selectMethodRows(db), configured)
    .filter((method) => method.offered)
    .map((method) => method.provider);
}
