// /cms/payments/plans/new (issue #21, scope cms:payments): a new plan, e.g.
// another sport pass — its code, kind, sport and interval, then its terms and
// prices (decimals). It starts at version 1, last on its pricing page.
import { Form, redirect, useActionData, useNavigation } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import {
  Field,
  FormAlert,
  failureOf,
  inputClass,
  linkClass,
  primaryButtonClass,
} from '../../features/auth-forms/form-parts.tsx';
import { cmsFailure, type CmsFormResult } from '../../features/cms/cms-actions.server.ts';
import { PlanTermsFields, formFields, planFormValues, readPlanTerms } from '../../features/cms/plan-form.tsx';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import type { Route } from './+types/payment-plan-new';
import { getServices } from '../../../server/router-context.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:payments');
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(request, context, 'cms:payments');
  const values = planFormValues(await request.formData());
  const tag = { intent: 'create' };
  const read = readPlanTerms(values, false);
  if (!read.ok) return cmsFailure({ ok: false, code: 'invalid_input', message: '', fields: read.fields }, values, tag);
  const result = await getServices(context).cms.payments.createPlan(actor, {
    ...read.terms,
    code: values.code,
    kind: values.kind,
    sport: values.sport?.trim() ? values.sport.trim() : null,
    interval: values.interval,
  });
  if (!result.ok)
    return cmsFailure('fields' in result ? { ...result, fields: formFields(result.fields) } : result, values, tag);
  throw redirect(`/cms/payments/plans/${result.plan.plan.id}`);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'New plan', noIndex: true });

const selectClass = inputClass;

export default function CmsPaymentPlanNew() {
  const result = useActionData<CmsFormResult>();
  const failure = failureOf(result);
  const busy = useNavigation().state === 'submitting';
  const values = failure?.values ?? {};
  const fieldset = 'space-y-4 rounded-xl border border-slate-300 bg-white p-5 dark:border-slate-800 dark:bg-slate-900';
  return (
    <>
      <p>
        <AppLink to="/cms/payments/plans" className={linkClass}>
          All plans
        </AppLink>
      </p>
      <h1 className="mt-2 text-2xl font-bold">New plan</h1>
      <Form method="post" noValidate className="mt-6 max-w-3xl space-y-6">
        <FormAlert id="plan-result" result={result} />
        <fieldset className={fieldset}>
          <legend className="px-1 text-lg font-semibold">Plan</legend>
          <Field
            idPrefix="plan"
            name="code"
            label="Code"
            required
            hint="For links and the API, never changed: lower case and dashes, like basketball-season."
            failure={failure}
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <div>
              <label htmlFor="plan-kind" className="font-medium">
                Kind
              </label>
              <select id="plan-kind" name="kind" defaultValue={values.kind ?? 'sport-pass'} className={selectClass}>
                <option value="sport-pass">Sport pass (/pricing-sport)</option>
                <option value="premium">Premium (/pricing)</option>
              </select>
            </div>
            <Field
              idPrefix="plan"
              name="sport"
              label="Sport"
              hint="For a sport pass, like basketball."
              failure={failure}
            />
            <div>
              <label htmlFor="plan-interval" className="font-medium">
                Price per
              </label>
              <select
                id="plan-interval"
                name="interval"
                defaultValue={values.interval ?? 'season'}
                className={selectClass}
              >
                <option value="month">month</option>
                <option value="year">year</option>
                <option value="season">season</option>
              </select>
            </div>
          </div>
        </fieldset>
        <PlanTermsFields values={{ trialDays: '0', entitlements: 'no_ads' }} failure={failure} free={false} />
        <div className="max-w-xs">
          <button type="submit" disabled={busy} className={primaryButtonClass}>
            Create plan
          </button>
        </div>
      </Form>
    </>
  );
}
