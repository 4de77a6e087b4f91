// /cms/payments/coupons/:id (issue #21, scope cms:payments): one coupon — edit its
// terms, deactivate it, and see its uses (the orders made with it). The code
// never changes: orders name it. Audited by the service.
import { data, Form, useActionData, useNavigation } from 'react-router';
import { z } from 'zod';
import { AppLink } from '../../components/app-link.tsx';
import { FormAlert, failureOf, primaryButtonClass } from '../../features/auth-forms/form-parts.tsx';
import { cmsDone, cmsFailure, readFields, type CmsFormResult } from '../../features/cms/cms-actions.server.ts';
import { formatDateTime } from '../../features/cms/cms-format.ts';
import { ConfirmAction } from '../../features/cms/confirm-dialog.tsx';
import { COUPON_FIELDS, CouponFields, couponInputFromForm, formFields } from '../../features/cms/coupon-form.tsx';
import { formatPrice } from '../../features/pricing/format-price.ts';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { numericIdSchema, parseParams } from '../../lib/routing/params.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import type { Route } from './+types/payments-coupon';
import { getServices } from '../../../server/router-context.server.ts';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:payments');
  const { id } = parseParams(z.object({ id: numericIdSchema }), params);
  const { cms, payments } = getServices(context);
  const [found, catalogue] = await Promise.all([cms.deals.coupon(id), payments.listPlans()]);
  if (!found) throw data({ message: 'There is no such coupon.' }, { status: 404 });
  return { ...found, plans: catalogue.plans };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireStaff(request, context, 'cms:payments');
  const { id } = parseParams(z.object({ id: numericIdSchema }), params);
  const form = await request.formData();
  const { deals } = getServices(context).cms;
  if (form.get('intent') === 'deactivate') {
    const tag = { intent: 'deactivate' };
    const result = await deals.deactivateCoupon(actor, id);
    return result.ok
      ? cmsDone(`Coupon ${result.coupon.code} deactivated: no new order can use it.`, tag)
      : cmsFailure(result, {}, tag);
  }
  const values = readFields(form, COUPON_FIELDS);
  const tag = { intent: 'edit' };
  const result = await deals.changeCoupon(actor, id, couponInputFromForm(values, { withCode: false }));
  if (!result.ok) {
    return cmsFailure(
      result.code === 'invalid_input' ? { ...result, fields: formFields(result.fields) } : result,
      values,
      tag,
    );
  }
  return cmsDone(`Coupon ${result.coupon.code} saved.`, tag);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Coupon', noIndex: true });

export default function CmsCoupon({ loaderData }: Route.ComponentProps) {
  const { coupon, uses, plans } = loaderData;
  const result = useActionData<CmsFormResult>();
  const navigation = useNavigation();
  return (
    <>
      <p className="text-sm">
        <AppLink to="/cms/payments/coupons" className="underline underline-offset-2">
          All coupons
        </AppLink>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{`Coupon ${coupon.code}`}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {`${coupon.active ? 'Active' : 'Deactivated'}; ${coupon.uses} ${coupon.uses === 1 ? 'user holds a use' : 'users hold a use'}${coupon.usageLimit === null ? '' : ` of ${coupon.usageLimit}`}. Link: /?deal=${coupon.code}`}
      </p>
      {/* Keyed by the last save: after one, the fields show what is stored now. */}
      <Form
        method="post"
        noValidate
        key={coupon.updatedAt}
        className="mt-6 max-w-3xl space-y-4 rounded-xl border border-slate-300 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <FormAlert id="coupon-result" result={result} />
        <input type="hidden" name="intent" value="edit" />
        <CouponFields
          idPrefix="coupon"
          coupon={coupon}
          plans={plans}
          failure={failureOf(result?.intent === 'edit' ? result : undefined)}
        />
        <div className="flex flex-wrap items-center gap-3">
          <div className="w-40">
            <button type="submit" disabled={navigation.state === 'submitting'} className={primaryButtonClass}>
              Save
            </button>
          </div>
        </div>
      </Form>
      {coupon.active ? (
        <div className="mt-4">
          <ConfirmAction
            label="Deactivate"
            title={`Deactivate ${coupon.code}?`}
            description="No new order can use it and its link shows a note instead of the deal. Orders already made with it keep it."
            confirmLabel="Deactivate coupon"
            fields={{ intent: 'deactivate' }}
          />
        </div>
      ) : null}
      <section aria-labelledby="uses-heading" className="mt-10">
        <h2 id="uses-heading" className="text-xl font-semibold">
          Uses
        </h2>
        {uses.length === 0 ? (
          <p className="mt-2 text-slate-700 dark:text-slate-300">No order has used it yet.</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full min-w-[32rem] text-left text-sm">
              <caption className="sr-only">Orders made with this coupon, newest first</caption>
              <thead>
                <tr className="border-b border-slate-300 dark:border-slate-700">
                  <th scope="col" className="py-2 pr-3">
                    Order
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    User
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Amount
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Status
                  </th>
                  <th scope="col" className="py-2">
                    Made
                  </th>
                </tr>
              </thead>
              <tbody>
                {uses.map((use) => (
                  <tr key={use.orderId} className="border-b border-slate-200 dark:border-slate-800">
                    <td className="py-2 pr-3 font-mono text-xs">{use.orderId}</td>
                    <td className="py-2 pr-3">
                      <AppLink to={`/cms/users/${use.userId}`} className="underline underline-offset-2">
                        {`User ${use.userId}`}
                      </AppLink>
                    </td>
                    <td className="py-2 pr-3">{formatPrice(use.amountMinor, use.currency)}</td>
                    <td className="py-2 pr-3">{use.status}</td>
                    <td className="py-2">{formatDateTime(use.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
