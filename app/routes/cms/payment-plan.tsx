// /cms/payments/plans/:id (issue #21, scope cms:payments): a plan's terms —
// name, features, duration, trial, what it grants, prices per currency typed as
// decimals — and the history of its versions. Saving adds a version; the form
// carries the version it was made from, so a save after someone else's is
// refused ("changed meanwhile") and nothing is written.
import { Form, data, useActionData, useNavigation } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { FormAlert, failureOf, linkClass, primaryButtonClass } from '../../features/auth-forms/form-parts.tsx';
import { cmsDone, cmsFailure, type CmsFormResult } from '../../features/cms/cms-actions.server.ts';
import { formatDateTime } from '../../features/cms/cms-format.ts';
import {
  ENTITLEMENT_TEXT,
  PlanTermsFields,
  formFields,
  planFormValues,
  readPlanTerms,
  termsValues,
} from '../../features/cms/plan-form.tsx';
import { formatPrice } from '../../features/pricing/format-price.ts';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import type { Route } from './+types/payment-plan';
import { getServices } from '../../../server/router-context.server.ts';

async function loadPlan(context: Route.LoaderArgs['context'], id: string) {
  const detail = /^\d{1,12}$/.test(id) ? await getServices(context).cms.payments.plan(Number(id)) : null;
  if (!detail) throw data('There is no such plan', { status: 404 });
  return detail;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:payments');
  return loadPlan(context, params.id);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireStaff(request, context, 'cms:payments');
  const detail = await loadPlan(context, params.id);
  const form = await request.formData();
  const values = planFormValues(form);
  const tag = { intent: 'save' };
  if (String(form.get('intent') ?? '') !== 'save') return cmsDone('Nothing was changed.', tag);
  const read = readPlanTerms(values, detail.plan.kind === 'free');
  if (!read.ok) return cmsFailure({ ok: false, code: 'invalid_input', message: '', fields: read.fields }, values, tag);
  const result = await getServices(context).cms.payments.revisePlan(actor, detail.plan.id, {
    ...read.terms,
    expectedVersion: Number(values.expectedVersion),
  });
  if (!result.ok)
    return cmsFailure('fields' in result ? { ...result, fields: formFields(result.fields) } : result, values, tag);
  return cmsDone(
    result.changed
      ? `Saved as version ${result.plan.plan.version}. The pricing pages and new orders use it now; orders made before keep theirs.`
      : 'Nothing had changed: no version was added.',
    tag,
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.data && 'plan' in args.data ? `Plan: ${args.data.plan.name}` : 'Plan', noIndex: true });

export default function CmsPaymentPlan({ loaderData }: Route.ComponentProps) {
  const { plan, versions } = loaderData;
  const result = useActionData<CmsFormResult>();
  const failure = failureOf(result);
  const busy = useNavigation().state === 'submitting';
  // After a refusal the form keeps the version it was made from: a stale form stays stale until reopened.
  const madeFrom = failure?.values.expectedVersion ?? String(plan.version);
  return (
    <>
      <p>
        <AppLink to="/cms/payments/plans" className={linkClass}>
          All plans
        </AppLink>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{plan.name}</h1>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
        {`${plan.code} · version ${plan.version} · ${plan.hidden ? 'hidden from' : 'shown on'} the pricing pages. `}
        Saving adds a new version; orders keep the version they were made at.
      </p>
      <Form method="post" noValidate className="mt-6 max-w-3xl space-y-6" key={plan.version}>
        <FormAlert id="plan-result" result={result} />
        <input type="hidden" name="expectedVersion" value={madeFrom} />
        <PlanTermsFields values={termsValues(plan)} failure={failure} free={plan.kind === 'free'} />
        <div className="max-w-xs">
          <button type="submit" name="intent" value="save" disabled={busy} className={primaryButtonClass}>
            Save as a new version
          </button>
        </div>
      </Form>

      <section aria-labelledby="versions-heading" className="mt-10 max-w-3xl">
        <h2 id="versions-heading" className="text-lg font-semibold">
          Versions
        </h2>
        <ol className="mt-3 space-y-3">
          {versions.map((version) => (
            <li
              key={version.version}
              data-testid="plan-version"
              className="rounded-xl border border-slate-300 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
            >
              <p className="font-semibold">
                {`Version ${version.version}${version.version === plan.version ? ' (current)' : ''}: ${version.name}`}
              </p>
              <p className="text-sm text-slate-700 dark:text-slate-300">{`Made ${formatDateTime(version.createdAt)}`}</p>
              <p className="mt-1">
                {version.prices.length === 0
                  ? 'No price'
                  : version.prices.map((price) => formatPrice(price.amountMinor, price.currency)).join(' · ')}
                {version.durationDays ? ` · ${version.durationDays} days` : ''}
                {version.trialDays > 0 ? ` · ${version.trialDays}-day free trial` : ''}
              </p>
              {version.entitlements.length > 0 ? (
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  {`Grants: ${version.entitlements.map((name) => ENTITLEMENT_TEXT[name]).join(', ')}`}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
