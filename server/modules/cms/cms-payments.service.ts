// The CMS's plans and payment-methods screens (issue #21, scope cms:payments).
// The catalogue belongs to the payments module (payments.catalogue.ts): this
// service checks the input, calls it in a transaction and writes the audit
// entry in the same one, so a change without its entry cannot exist.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { inTransaction } from '../../../db/transaction.ts';
import type { PaymentProvider } from '../../../domain/payments-contracts.ts';
import {
  newPlanSchema,
  paymentMethodChangeSchema,
  planPlacementSchema,
  planRevisionSchema,
  type AdminPlan,
  type PaymentMethod,
  type PlanDetail,
} from '../../../domain/plans-admin.ts';
import type { Clock } from '../../platform/clock.ts';
import type { CatalogueWrite } from '../payments/payments.catalogue.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { AuditLog } from './cms-audit.service.ts';
import { invalidInput, type CmsResult } from './cms-results.ts';
import type { CmsActor } from './cms.schemas.ts';

type Done = Extract<CatalogueWrite, { ok: true }>;

export interface CmsPaymentsService {
  plans(): Promise<AdminPlan[]>;
  plan(planId: number): Promise<PlanDetail | null>;
  /** A new plan (e.g. another sport pass), last on its page. */
  createPlan(actor: CmsActor, input: unknown): Promise<CmsResult<{ plan: PlanDetail }>>;
  /** New terms: a new version, from the version the editor read (`expectedVersion`); a stale one is a 409. */
  revisePlan(
    actor: CmsActor,
    planId: number,
    input: unknown,
  ): Promise<CmsResult<{ plan: PlanDetail; changed: boolean }>>;
  /** Show or hide it on the pricing pages, and/or move it. */
  placePlan(
    actor: CmsActor,
    planId: number,
    input: unknown,
  ): Promise<CmsResult<{ plans: AdminPlan[]; changed: boolean }>>;
  methods(): Promise<PaymentMethod[]>;
  changeMethod(
    actor: CmsActor,
    provider: PaymentProvider,
    input: unknown,
  ): Promise<CmsResult<{ methods: PaymentMethod[]; changed: boolean }>>;
}

export function createCmsPaymentsService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  payments: PaymentsService;
  audit: AuditLog;
}): CmsPaymentsService {
  const { db, clock, payments, audit } = deps;

  /** Runs a catalogue write and its audit entry (when something changed) in one transaction. */
  async function write(
    actor: CmsActor,
    run: (trx: Transaction<Database>) => Promise<CatalogueWrite>,
    entry: (done: Done) => { action: string; target: { kind: string; id: string | number } },
  ): Promise<CatalogueWrite> {
    return inTransaction(db, async (trx) => {
      const done = await run(trx);
      if (done.ok && done.changed)
        await audit.record(trx, actor, { ...entry(done), before: done.before, after: done.after });
      return done;
    });
  }

  async function detail(planId: number): Promise<PlanDetail> {
    const found = await payments.planDetail(planId);
    if (!found) throw new Error(`plan ${planId} vanished`);
    return found;
  }

  return {
    plans: () => payments.adminPlans(),
    plan: (planId) => payments.planDetail(planId),

    async createPlan(actor, input) {
      const parsed = newPlanSchema.safeParse(input);
      if (!parsed.success) return invalidInput(parsed.error);
      const result = await write(
        actor,
        (trx) => payments.createPlan(trx, parsed.data, clock.now()),
        (done) => ({ action: 'plan.create', target: { kind: 'plan', id: done.planId ?? parsed.data.code } }),
      );
      if (!result.ok) return result;
      return { ok: true, plan: await detail(result.planId ?? 0) };
    },

    async revisePlan(actor, planId, input) {
      const parsed = planRevisionSchema.safeParse(input);
      if (!parsed.success) return invalidInput(parsed.error);
      const result = await write(
        actor,
        (trx) => payments.revisePlan(trx, planId, parsed.data, clock.now()),
        () => ({ action: 'plan.version', target: { kind: 'plan', id: planId } }),
      );
      if (!result.ok) return result;
      return { ok: true, changed: result.changed, plan: await detail(planId) };
    },

    async placePlan(actor, planId, input) {
      const parsed = planPlacementSchema.safeParse(input);
      if (!parsed.success) return invalidInput(parsed.error);
      const result = await write(
        actor,
        (trx) => payments.placePlan(trx, planId, parsed.data),
        (done) => {
          const visibility = done.before.hidden !== done.after.hidden;
          const action = visibility ? (done.after.hidden ? 'plan.hide' : 'plan.show') : 'plan.move';
          return { action, target: { kind: 'plan', id: planId } };
        },
      );
      if (!result.ok) return result;
      return { ok: true, changed: result.changed, plans: await payments.adminPlans() };
    },

    methods: () => payments.paymentMethods(),

    async changeMethod(actor, provider, input) {
      const parsed = paymentMethodChangeSchema.safeParse(input);
      if (!parsed.success) return invalidInput(parsed.error);
      const result = await write(
        actor,
        (trx) => payments.changePaymentMethod(trx, provider, parsed.data, actor.id, clock.now()),
        (done) => {
          const toggled = done.before.enabled !== done.after.enabled;
          const action = toggled
            ? done.after.enabled
              ? 'payment-method.enable'
              : 'payment-method.disable'
            : 'payment-method.move';
          return { action, target: { kind: 'payment-method', id: provider } };
        },
      );
      if (!result.ok) return result;
      return { ok: true, changed: result.changed, methods: await payments.paymentMethods() };
    },
  };
}
