// The CMS's orders screen (issue #21, scope cms:payments): find an order by its
// id, transfer reference, the buyer's email or its status; read it with the
// buyer and its whole history; confirm that a bank transfer arrived; refund it
// within the refund policy. The orders are the payments module's: this service
// calls its methods, which settle through payments.settle(), and writes the
// audit entry in the transaction of each change.
import type { PaymentsService } from '../payments/payments.service.ts';
import type { StaffOrderResult } from '../payments/payments.staff.ts';
import type { OrderPage, OrderSearch, StaffOrderDetail } from '../payments/payments.staff.schemas.ts';
import type { UserDirectory } from '../auth/auth.users.ts';
import type { AuditLog } from './cms-audit.service.ts';
import type { CmsResult } from './cms-results.ts';
import type { CmsActor } from './cms.schemas.ts';

type StaffPayments = Pick<
  PaymentsService,
  'searchOrders' | 'searchOrdersFromParams' | 'staffOrder' | 'confirmTransfer' | 'refundOrder'
>;

export interface CmsOrdersService {
  search(query: OrderSearch): Promise<OrderPage>;
  /** For the page: the address bar's filters; unreadable ones show every order and say so. */
  searchFromParams(params: Record<string, string>): Promise<{ page: OrderPage; query: OrderSearch; invalid: boolean }>;
  view(orderId: string): Promise<CmsResult<{ order: StaffOrderDetail }>>;
  confirmTransfer(actor: CmsActor, orderId: string): Promise<CmsResult<{ order: StaffOrderDetail }>>;
  refund(
    actor: CmsActor,
    orderId: string,
    input: unknown,
  ): Promise<CmsResult<{ order: StaffOrderDetail; outcome: 'refunded' | 'refund_requested' }>>;
}

export function createCmsOrdersService(deps: {
  payments: StaffPayments;
  directory: Pick<UserDirectory, 'view'>;
  audit: AuditLog;
}): CmsOrdersService {
  const { payments, directory, audit } = deps;

  /** The staff member as the order's history names them. */
  async function staffMember(actor: CmsActor) {
    const account = await directory.view(actor.id);
    return { id: actor.id, name: account?.displayName ?? `staff #${actor.id}` };
  }

  function failure(result: Exclude<StaffOrderResult, { ok: true }>) {
    return result;
  }

  return {
    search: (query) => payments.searchOrders(query),
    searchFromParams: (params) => payments.searchOrdersFromParams(params),

    async view(orderId) {
      const order = await payments.staffOrder(orderId);
      return order ? { ok: true, order } : { ok: false, code: 'not_found', message: 'There is no order with this id' };
    },

    async confirmTransfer(actor, orderId) {
      const result = await payments.confirmTransfer(orderId, await staffMember(actor), async (trx) => {
        await audit.record(trx, actor, {
          action: 'order.confirm-transfer',
          target: { kind: 'order', id: orderId },
          before: { status: 'pending' },
          after: { status: 'paid', event: `local-confirm-${orderId}` },
        });
      });
      return result.ok ? { ok: true, order: result.order } : failure(result);
    },

    async refund(actor, orderId, input) {
      const result = await payments.refundOrder(orderId, await staffMember(actor), input, async (trx) => {
        const reason =
          typeof input === 'object' && input !== null && 'reason' in input ? String(input.reason).trim() : '';
        await audit.record(trx, actor, {
          action: 'order.refund',
          target: { kind: 'order', id: orderId },
          before: { status: 'paid' },
          after: { refund: 'full', reason },
        });
      });
      if (!result.ok) return failure(result);
      return {
        ok: true,
        order: result.order,
        outcome: result.outcome === 'refunded' ? 'refunded' : 'refund_requested',
      };
    },
  };
}
