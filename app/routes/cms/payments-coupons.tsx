// /cms/payments/coupons (issue #21, scope cms:payments): every coupon with its
// discount, limits and uses, and a form to create one. Each coupon opens on its
// own screen to edit or deactivate it and to see its uses. Audited by the service.
import { Form, useActionData, useNavigation } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { FormAlert, failureOf, primaryButtonClass } from '../../features/auth-forms/form-parts.tsx';
import { cmsDone, cmsFailure, readFields, type CmsFormResult } from '../../features/cms/cms-actions.server.ts';
import { formatDateTime } from '../../features/cms/cms-format.ts';
import { COUPON_FIELDS, CouponFields, couponInputFromForm, formFields } from '../../features/cms/coupon-form.tsx';
import { dealAmountText } from '../../features/pricing/deal-text.ts';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import type { Route } from './+types/payments-coupons';
import { getServices } from '../../../server/router-context.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:payments');
  const { cms, payments, config } = getServices(context);
  const [coupons, catalogue] = await Promise.all([cms.deals.coupons(), payments.listPlans()]);
  return { coupons, plans: catalogue.plans, currency: config.PAYMENT_CURRENCY };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(request, context, 'cms:payments');
  const values = readFields(await request.formData(), COUPON_FIELDS);
  const tag = { intent: 'create' };
  const result = await getServices(context).cms.deals.createCoupon(
    actor,
    couponInputFromForm(values, { withCode: true }),
  );
  if (!result.ok) {
    return cmsFailure(
      result.code === 'invalid_input' ? { ...result, fields: formFields(result.fields) } : result,
      values,
      tag,
    );
  }
  return cmsDone(`Coupon ${result.coupon.code} created. Its link: /?deal=${result.coupon.code}`, tag);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Coupons', noIndex: true });

export default function CmsCoupons({ loaderData }: Route.ComponentProps) {
  const { coupons, plans, currency } = loaderData;
  const result = useActionData<CmsFormResult>();
  const navigation = useNavigation();
  const planName = (id: number | null) =>
    id === null ? 'Every paid plan' : (plans.find((plan) => plan.id === id)?.name ?? `Plan ${id}`);
  return (
    <>
      <h1 className="text-2xl font-bold">Coupons</h1>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
        The hidden deal: a campaign coupon is revealed by its link, <code>/?deal=CODE</code>; a lapsed one shows on home
        to members whose paid plan has ended. A use is held by each user with an order made with the coupon that has not
        expired. See also{' '}
        <AppLink to="/cms/payments/house-ad" className="underline underline-offset-2">
          the house ad
        </AppLink>
        .
      </p>
      <div className="mt-6 overflow-x-auto">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">Coupons, newest first</caption>
          <thead>
            <tr className="border-b border-slate-300 dark:border-slate-700">
              <th scope="col" className="py-2 pr-3">
                Code
              </th>
              <th scope="col" className="py-2 pr-3">
                Discount
              </th>
              <th scope="col" className="py-2 pr-3">
                Plan
              </th>
              <th scope="col" className="py-2 pr-3">
                Uses
              </th>
              <th scope="col" className="py-2 pr-3">
                Valid until
              </th>
              <th scope="col" className="py-2 pr-3">
                Who
              </th>
              <th scope="col" className="py-2">
                State
              </th>
            </tr>
          </thead>
          <tbody>
            {coupons.map((coupon) => (
              <tr key={coupon.id} className="border-b border-slate-200 dark:border-slate-800">
                <th scope="row" className="py-2 pr-3 font-semibold">
                  <AppLink to={`/cms/payments/coupons/${coupon.id}`} className="underline underline-offset-2">
                    {coupon.code}
                  </AppLink>
                </th>
                <td className="py-2 pr-3">{dealAmountText(coupon, currency)}</td>
                <td className="py-2 pr-3">{planName(coupon.planId)}</td>
                <td className="py-2 pr-3">
                  {coupon.usageLimit === null ? `${coupon.uses}` : `${coupon.uses} of ${coupon.usageLimit}`}
                </td>
                <td className="py-2 pr-3">{coupon.validUntil ? formatDateTime(coupon.validUntil) : 'No end'}</td>
                <td className="py-2 pr-3">{coupon.audience === 'lapsed' ? 'Lapsed members' : 'Campaign link'}</td>
                <td className="py-2">{coupon.active ? 'Active' : 'Deactivated'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {coupons.length === 0 ? <p className="mt-3 text-slate-700 dark:text-slate-300">No coupons yet.</p> : null}
      </div>
      <section aria-labelledby="new-coupon-heading" className="mt-10 max-w-3xl">
        <h2 id="new-coupon-heading" className="text-xl font-semibold">
          New coupon
        </h2>
        <Form
          method="post"
          noValidate
          className="mt-4 space-y-4 rounded-xl border border-slate-300 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
        >
          <FormAlert id="coupon-result" result={result} />
          <CouponFields idPrefix="coupon" coupon={null} plans={plans} failure={failureOf(result)} />
          <div className="max-w-xs">
            <button type="submit" disabled={navigation.state === 'submitting'} className={primaryButtonClass}>
              Create coupon
            </button>
          </div>
        </Form>
      </section>
    </>
  );
}
