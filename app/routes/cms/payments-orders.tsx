// /cms/payments/orders (issue #21): every order, newest first, found by order
// id, bank-transfer reference or the buyer's email, filtered by status and way
// of paying, 25 at a time (keyset pages, on the server). Scope cms:payments; each
// order opens on its own page, where staff confirm transfers and refund.
import { Form, useNavigation } from 'react-router';
import { ORDER_STATUSES, ORDER_SOURCES } from '../../../domain/payments-contracts.ts';
import { getServices } from '../../../server/router-context.server.ts';
import { AppLink } from '../../components/app-link.tsx';
import { inputClass } from '../../features/auth-forms/form-parts.tsx';
import { formatDateTime } from '../../features/cms/cms-format.ts';
import { quietButtonClass } from '../../features/cms/confirm-dialog.tsx';
import { ORDER_STATUS_LABELS, PROVIDER_LABELS } from '../../features/cms/order-labels.ts';
import { formatPrice } from '../../features/pricing/format-price.ts';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import type { Route } from './+types/payments-orders';

const FILTER_NAMES = ['q', 'status', 'provider'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:payments');
  const url = new URL(request.url);
  const params = Object.fromEntries([...url.searchParams].filter(([, value]) => value.trim() !== ''));
  const { page, invalid } = await getServices(context).cms.orders.searchFromParams(params);
  return {
    page,
    filters: Object.fromEntries(FILTER_NAMES.map((name) => [name, params[name] ?? ''])) as Record<
      (typeof FILTER_NAMES)[number],
      string
    >,
    paged: Boolean(params.cursor),
    error: invalid
      ? 'That search could not be read, so every order is shown. Search with at most 100 characters.'
      : null,
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Orders', noIndex: true });

export default function CmsOrders({ loaderData }: Route.ComponentProps) {
  const { page, filters, paged, error } = loaderData;
  const navigation = useNavigation();
  const kept = Object.entries(filters).filter(([, value]) => value !== '');
  const next = new URLSearchParams(kept);
  if (page.nextCursor) next.set('cursor', page.nextCursor);
  const first = new URLSearchParams(kept).toString();
  return (
    <>
      <h1 className="text-2xl font-bold">Orders</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Find an order to see its history, confirm that a bank transfer arrived, or refund it within the refund policy.
      </p>

      <Form
        method="get"
        role="search"
        aria-label="Orders"
        className="mt-4 grid gap-3 rounded-xl border border-slate-300 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end dark:border-slate-800 dark:bg-slate-900"
      >
        <label className="text-sm font-medium sm:col-span-2 lg:col-span-1">
          Order id, transfer reference or email
          <input
            type="search"
            name="q"
            defaultValue={filters.q}
            maxLength={100}
            autoComplete="off"
            className={inputClass}
          />
        </label>
        <label className="text-sm font-medium">
          Status
          <select name="status" defaultValue={filters.status} className={inputClass}>
            <option value="">Any status</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ORDER_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          Paid with
          <select name="provider" defaultValue={filters.provider} className={inputClass}>
            <option value="">Any way</option>
            {ORDER_SOURCES.map((provider) => (
              <option key={provider} value={provider}>
                {PROVIDER_LABELS[provider]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={`${quietButtonClass} h-10`} disabled={navigation.state === 'loading'}>
          Search
        </button>
      </Form>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        A reference may be typed with or without spaces and dashes; its last character catches a typo. With an @ or any
        other text, addresses that start with it.
      </p>
      {error || page.notice ? (
        <p
          role="alert"
          className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {error ?? page.notice}
        </p>
      ) : null}

      {page.orders.length === 0 ? (
        <p className="mt-6 text-slate-700 dark:text-slate-300">
          {paged ? 'No more orders match.' : 'No order matches.'}
        </p>
      ) : (
        <div
          className="mt-6 overflow-x-auto rounded-xl border border-slate-300 bg-white dark:border-slate-800 dark:bg-slate-900"
          tabIndex={0}
          role="region"
          aria-label="Orders found"
        >
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-300 dark:border-slate-700">
              <tr>
                <th scope="col" className="p-2">
                  Order
                </th>
                <th scope="col" className="p-2">
                  Buyer
                </th>
                <th scope="col" className="hidden p-2 md:table-cell">
                  Plan
                </th>
                <th scope="col" className="p-2">
                  Amount
                </th>
                <th scope="col" className="p-2">
                  Status
                </th>
                <th scope="col" className="hidden p-2 sm:table-cell">
                  Ordered
                </th>
              </tr>
            </thead>
            <tbody>
              {page.orders.map((order) => (
                <tr
                  key={order.id}
                  className="border-b border-slate-200 align-top last:border-0 dark:border-slate-800"
                  data-testid="order-row"
                >
                  <td className="p-2">
                    <AppLink
                      to={`/cms/payments/orders/${encodeURIComponent(order.id)}`}
                      className="break-all font-mono font-semibold underline underline-offset-2"
                    >
                      {order.id}
                    </AppLink>
                    <span className="block text-slate-600 dark:text-slate-400">
                      {PROVIDER_LABELS[order.provider]}
                      {order.reference ? (
                        <>
                          {' · '}
                          <span className="font-mono">{order.reference}</span>
                        </>
                      ) : null}
                    </span>
                  </td>
                  <td className="break-all p-2">{order.user.email ?? `Erased account #${order.user.id}`}</td>
                  <td className="hidden p-2 md:table-cell">{order.planName}</td>
                  <td className="whitespace-nowrap p-2">{formatPrice(order.amountMinor, order.currency)}</td>
                  <td className="p-2">{ORDER_STATUS_LABELS[order.status]}</td>
                  <td className="hidden whitespace-nowrap p-2 sm:table-cell">
                    <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {paged || page.nextCursor ? (
        <nav aria-label="More orders" className="mt-4 flex flex-wrap gap-4">
          {paged ? (
            <AppLink
              to={first ? `/cms/payments/orders?${first}` : '/cms/payments/orders'}
              className="font-semibold underline underline-offset-2"
            >
              First page
            </AppLink>
          ) : null}
          {page.nextCursor ? (
            <AppLink
              to={`/cms/payments/orders?${next.toString()}`}
              className="font-semibold underline underline-offset-2"
            >
              Next {page.orders.length}
            </AppLink>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
