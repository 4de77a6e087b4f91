// /cms/payments/plans (issue #21, scope cms:payments): every plan at its current
// version with its prices, trial and state, in the order /pricing shows them;
// show or hide a plan on the pricing pages and move it. Editing a plan's terms
// (a new version) is its own screen, /cms/payments/plans/:id.
import { Form, useActionData, useNavigation } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { FormAlert, linkClass } from '../../features/auth-forms/form-parts.tsx';
import { cmsDone, cmsFailure, readFields, type CmsFormResult } from '../../features/cms/cms-actions.server.ts';
import { quietButtonClass } from '../../features/cms/confirm-dialog.tsx';
import { formatPrice } from '../../features/pricing/format-price.ts';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import type { Route } from './+types/payment-plans';
import { getServices } from '../../../server/router-context.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:payments');
  return { plans: await getServices(context).cms.payments.plans() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(request, context, 'cms:payments');
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const values = readFields(form, ['planId', 'position', 'name']);
  const tag = { intent, target: values.planId };
  const payments = getServices(context).cms.payments;
  const planId = Number(values.planId);
  switch (intent) {
    case 'hide':
    case 'show': {
      const result = await payments.placePlan(actor, planId, { hidden: intent === 'hide' });
      if (!result.ok) return cmsFailure(result, values, tag);
      return cmsDone(
        intent === 'hide'
          ? `${values.name} is hidden from the pricing pages.`
          : `${values.name} shows on the pricing pages.`,
        tag,
      );
    }
    case 'move-up':
    case 'move-down': {
      const result = await payments.placePlan(actor, planId, { position: Number(values.position) });
      if (!result.ok) return cmsFailure(result, values, tag);
      return cmsDone(`Moved ${values.name} to position ${values.position}.`, tag);
    }
    default:
      return cmsDone('Nothing was changed.', tag);
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Plans', noIndex: true });

/** One button, in a form of its own, so each works without JavaScript. */
function PlanAction(props: {
  plan: { id: number; name: string };
  intent: string;
  position?: number;
  disabled: boolean;
  children: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="planId" value={props.plan.id} />
      <input type="hidden" name="name" value={props.plan.name} />
      {props.position === undefined ? null : <input type="hidden" name="position" value={props.position} />}
      <button type="submit" name="intent" value={props.intent} className={quietButtonClass} disabled={props.disabled}>
        {props.children}
        <span className="sr-only">{` ${props.plan.name}`}</span>
      </button>
    </Form>
  );
}

const KIND_TEXT = { free: 'Free', premium: 'Premium (/pricing)', 'sport-pass': 'Sport pass (/pricing-sport)' } as const;

export default function CmsPaymentPlans({ loaderData }: Route.ComponentProps) {
  const { plans } = loaderData;
  const result = useActionData<CmsFormResult>();
  const busy = useNavigation().state === 'submitting';

  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold">Plans</h1>
        <AppLink to="/cms/payments/plans/new" className={linkClass}>
          New plan
        </AppLink>
      </div>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
        In the order the pricing pages show them. A change of a plan&apos;s terms or prices adds a version: orders keep
        the version they were made at. A hidden plan is neither listed nor sold.
      </p>
      <div className="mt-4">
        <FormAlert id="plans-result" result={result} />
      </div>
      <ol className="mt-4 space-y-3" aria-label="Plans">
        {plans.map((plan, index) => (
          <li
            key={plan.id}
            data-testid="plan"
            data-code={plan.code}
            className="rounded-xl border border-slate-300 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-lg font-semibold">
                <AppLink to={`/cms/payments/plans/${plan.id}`} className={linkClass}>
                  {plan.name}
                </AppLink>
              </h2>
              <span
                className={`rounded px-2 py-0.5 text-sm font-semibold ${
                  plan.hidden
                    ? 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200'
                    : 'bg-brand-50 text-brand-900 dark:bg-slate-800 dark:text-brand-100'
                }`}
              >
                {plan.hidden ? 'Hidden' : 'Shown'}
              </span>
            </div>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              {`${index + 1}. ${plan.code} · ${KIND_TEXT[plan.kind]}${plan.sport ? ` (${plan.sport})` : ''} · version ${plan.version}`}
            </p>
            <p className="mt-1">
              {plan.prices.length === 0
                ? 'No price'
                : plan.prices.map((price) => formatPrice(price.amountMinor, price.currency)).join(' · ')}
              {plan.durationDays ? ` · ${plan.durationDays} days` : ''}
              {plan.trialDays > 0 ? ` · ${plan.trialDays}-day free trial` : ''}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <PlanAction plan={plan} intent="move-up" position={index} disabled={busy || index === 0}>
                Move up
              </PlanAction>
              <PlanAction
                plan={plan}
                intent="move-down"
                position={index + 2}
                disabled={busy || index === plans.length - 1}
              >
                Move down
              </PlanAction>
              {plan.kind === 'free' ? null : (
                <PlanAction plan={plan} intent={plan.hidden ? 'show' : 'hide'} disabled={busy}>
                  {plan.hidden ? 'Show' : 'Hide'}
                </PlanAction>
              )}
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}
