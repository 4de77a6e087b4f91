// What the bank-transfer page loads (issue #21; the spec's `local_payment` client
// state area): the signed-in user's own bank-transfer order, its reference and
// the account to pay into. Anyone else's order, or one paid another way, is a
// 404, as one that does not exist is.
import { data, type RouterContextProvider } from 'react-router';
import { DEMO_IBAN, formatIban } from '../../../domain/transfer-reference.ts';
import { getServices } from '../../../server/router-context.server.ts';
import { loadOwnOrder, type OrderView } from '../payment/payment.server.ts';

export interface LocalPaymentState {
  view: OrderView;
  reference: string;
  account: { accountName: string; iban: string; bic: string; bank: string };
  /** The fake account a fresh install shows: the page says not to send real money. */
  demo: boolean;
}

export async function loadLocalPayment(
  request: Request,
  context: Readonly<RouterContextProvider>,
  orderId: string | undefined,
): Promise<LocalPaymentState> {
  const { userId, order, plan } = await loadOwnOrder(request, context, orderId);
  const details = await getServices(context).payments.transferDetails(userId, order.id);
  if (!details) throw data(null, { status: 404, statusText: 'Not Found' });
  return {
    view: { order, plan },
    reference: details.reference,
    account: { ...details.account, iban: formatIban(details.account.iban) },
    demo: details.account.iban === DEMO_IBAN,
  };
}
