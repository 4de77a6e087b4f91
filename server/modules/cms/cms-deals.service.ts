// The CMS's coupon and house-ad screens (issue #21, scope cms:payments). Coupons
// and the house ad belong to the payments module (payments.coupons.ts): this
// service calls it, and has it write the audit entry in the transaction of the
// change, so a change without its entry cannot exist.
import type { Coupon, CouponUse, HouseAd } from '../../../domain/deals-contracts.ts';
import type { CouponWrite } from '../payments/payments.coupons.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { AuditLog } from './cms-audit.service.ts';
import type { CmsFailure, CmsResult } from './cms-results.ts';
import type { CmsActor } from './cms.schemas.ts';

export interface CmsDealsService {
  coupons(): Promise<Coupon[]>;
  /** One coupon with its uses (the orders made with it, newest first). */
  coupon(id: number): Promise<{ coupon: Coupon; uses: CouponUse[] } | null>;
  createCoupon(actor: CmsActor, input: unknown): Promise<CmsResult<{ coupon: Coupon }>>;
  /** The fields given replace the coupon's; the code never changes (orders name it). */
  changeCoupon(actor: CmsActor, id: number, input: unknown): Promise<CmsResult<{ coupon: Coupon }>>;
  /** Takes the coupon off: no new order can use it; orders made with it keep it. */
  deactivateCoupon(actor: CmsActor, id: number): Promise<CmsResult<{ coupon: Coupon }>>;
  houseAd(): Promise<HouseAd>;
  changeHouseAd(actor: CmsActor, input: unknown): Promise<CmsResult<{ ad: HouseAd }>>;
}

type Refusal = Extract<CouponWrite, { ok: false }>;

function failure(result: Refusal): CmsFailure {
  if (result.code !== 'invalid_input') return { ok: false, code: result.code, message: result.message };
  const fields: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    fields[key] ??= issue.message;
  }
  return { ok: false, code: 'invalid_input', message: result.message, fields };
}

export function createCmsDealsService(deps: { payments: PaymentsService; audit: AuditLog }): CmsDealsService {
  const { payments, audit } = deps;
  const { coupons, ads } = payments;

  async function change(actor: CmsActor, id: number, input: unknown, action: string) {
    const result = await coupons.change(id, input, (trx, before, after) =>
      audit.record(trx, actor, { action, target: { kind: 'coupon', id }, before, after }),
    );
    return result.ok ? { ok: true as const, coupon: result.coupon } : failure(result);
  }

  return {
    coupons: () => coupons.list(),
    coupon: (id) => coupons.get(id),

    async createCoupon(actor, input) {
      let id: number | string = 'new';
      const result = await coupons.create(input, (trx, before, after) => {
        id = typeof after.id === 'number' ? after.id : id;
        return audit.record(trx, actor, { action: 'coupon.create', target: { kind: 'coupon', id }, before, after });
      });
      return result.ok ? { ok: true, coupon: result.coupon } : failure(result);
    },

    changeCoupon: (actor, id, input) => change(actor, id, input, 'coupon.change'),
    deactivateCoupon: (actor, id) => change(actor, id, { active: false }, 'coupon.deactivate'),

    houseAd: () => ads.view(),

    async changeHouseAd(actor, input) {
      const result = await ads.change(input, (trx, before, after) =>
        audit.record(trx, actor, { action: 'house-ad.change', target: { kind: 'house-ad', id: 1 }, before, after }),
      );
      return result.ok ? { ok: true, ad: result.ad } : failure(result);
    },
  };
}
