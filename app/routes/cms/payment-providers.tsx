// /cms/payments/providers (issue #21, scope cms:payments): the payment methods
// /pricing lists and checkout accepts — enable, disable and order them. A
// method is offered when it is enabled and this server is configured for it
// (stripe needs its keys); the last one on offer cannot be disabled. Every
// server reads the list from the database, so a change applies everywhere.
import { Form, useActionData, useNavigation } from 'react-router';
import { PAYMENT_PROVIDERS, type PaymentProvider } from '../../../domain/payments-contracts.ts';
import { FormAlert } from '../../features/auth-forms/form-parts.tsx';
import { cmsDone, cmsFailure, readFields, type CmsFormResult } from '../../features/cms/cms-actions.server.ts';
import { quietButtonClass } from '../../features/cms/confirm-dialog.tsx';
import { PROVIDER_TEXT } from '../../features/pricing/pricing-info.tsx';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import type { Route } from './+types/payment-providers';
import { getServices } from '../../../server/router-context.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:payments');
  return { methods: await getServices(context).cms.payments.methods() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(request, context, 'cms:payments');
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const values = readFields(form, ['provider', 'position']);
  const tag = { intent, target: values.provider };
  const provider = PAYMENT_PROVIDERS.find((item) => item === values.provider);
  if (!provider) return cmsDone('Nothing was changed.', tag);
  const name = PROVIDER_TEXT[provider].name;
  const payments = getServices(context).cms.payments;
  switch (intent) {
    case 'enable':
    case 'disable': {
      const result = await payments.changeMethod(actor, provider, { enabled: intent === 'enable' });
      if (!result.ok) return cmsFailure(result, values, tag);
      return cmsDone(
        intent === 'enable' ? `${name} is enabled.` : `${name} is disabled: /pricing no longer offers it.`,
        tag,
      );
    }
    case 'move-up':
    case 'move-down': {
      const result = await payments.changeMethod(actor, provider, { position: Number(values.position) });
      if (!result.ok) return cmsFailure(result, values, tag);
      return cmsDone(`Moved ${name} to position ${values.position}.`, tag);
    }
    default:
      return cmsDone('Nothing was changed.', tag);
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Payment methods', noIndex: true });

function MethodAction(props: {
  provider: PaymentProvider;
  intent: string;
  position?: number;
  disabled: boolean;
  children: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="provider" value={props.provider} />
      {props.position === undefined ? null : <input type="hidden" name="position" value={props.position} />}
      <button type="submit" name="intent" value={props.intent} className={quietButtonClass} disabled={props.disabled}>
        {props.children}
        <span className="sr-only">{` ${PROVIDER_TEXT[props.provider].name}`}</span>
      </button>
    </Form>
  );
}

export default function CmsPaymentProviders({ loaderData }: Route.ComponentProps) {
  const { methods } = loaderData;
  const result = useActionData<CmsFormResult>();
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <h1 className="text-2xl font-bold">Payment methods</h1>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
        The ways to pay /pricing lists, in this order, and checkout accepts. A method is offered when it is enabled and
        this server is configured for it. At least one must stay on offer.
      </p>
      <div className="mt-4">
        <FormAlert id="methods-result" result={result} />
      </div>
      <ol className="mt-4 max-w-3xl space-y-3" aria-label="Payment methods">
        {methods.map((method, index) => {
          const text = PROVIDER_TEXT[method.provider];
          const state = !method.configured ? 'Not configured' : method.enabled ? 'Offered' : 'Disabled';
          return (
            <li
              key={method.provider}
              data-testid="payment-method"
              data-provider={method.provider}
              className="rounded-xl border border-slate-300 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-lg font-semibold">{`${index + 1}. ${text.name}`}</h2>
                <span
                  className={`rounded px-2 py-0.5 text-sm font-semibold ${
                    method.offered
                      ? 'bg-brand-50 text-brand-900 dark:bg-slate-800 dark:text-brand-100'
                      : 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200'
                  }`}
                >
                  {state}
                </span>
              </div>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                {method.configured
                  ? text.detail
                  : `${text.detail} This server is not configured for it${method.provider === 'stripe' ? ' (STRIPE_SECRET_KEY)' : ''}, so it is never offered${method.enabled ? ' until it is' : ''}.`}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <MethodAction
                  provider={method.provider}
                  intent="move-up"
                  position={index}
                  disabled={busy || index === 0}
                >
                  Move up
                </MethodAction>
                <MethodAction
                  provider={method.provider}
                  intent="move-down"
                  position={index + 2}
                  disabled={busy || index === methods.length - 1}
                >
                  Move down
                </MethodAction>
                <MethodAction provider={method.provider} intent={method.enabled ? 'disable' : 'enable'} disabled={busy}>
                  {method.enabled ? 'Disable' : 'Enable'}
                </MethodAction>
              </div>
            </li>
          );
        })}
      </ol>
    </>
  );
}
