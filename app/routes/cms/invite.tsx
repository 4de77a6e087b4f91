// /cms/invite/{token} (issue #20): the link of a staff invitation. The invitee
// chooses the name to show and a password; the link works once, for 48 hours.
// The page is never cached and sends no Referer, so the token goes nowhere else.
import { Form, redirect, useNavigation } from 'react-router';
import { Field, FormAlert, SubmitButton, failureOf } from '../../features/auth-forms/form-parts.tsx';
import { cmsFailure, readFields, type CmsFormResult } from '../../features/cms/cms-actions.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import { ROLE_LABELS } from '../../../domain/account-contracts.ts';
import type { Route } from './+types/invite';
import { getRequestAuth, getServices } from '../../../server/router-context.server.ts';

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });

export async function loader({ params, context }: Route.LoaderArgs) {
  const invite = await getServices(context).cms.staff.checkInvite(params.token);
  return invite ? { invite: { email: invite.email, role: ROLE_LABELS[invite.role] } } : { invite: null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = readFields(form, ['displayName', 'password']);
  const result = await getServices(context).cms.staff.acceptInvite(
    params.token,
    values,
    getRequestAuth(context).meta.ip,
  );
  if (!result.ok) return cmsFailure(result, { displayName: values.displayName ?? '' }, { intent: 'accept' });
  throw redirect(`/cms/login?welcome=1`);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Join the staff', noIndex: true });

export default function CmsInvite({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const result = actionData as CmsFormResult | undefined;
  const failure = failureOf(result);
  return (
    <div className="mx-auto max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h1 className="text-2xl font-bold">Join the staff</h1>
      {loaderData.invite ? (
        <>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            You are invited as <strong>{loaderData.invite.role.toLowerCase()}</strong> with the address{' '}
            <strong>{loaderData.invite.email}</strong>. Choose the name others see and your password.
          </p>
          <Form method="post" className="mt-6 space-y-4" noValidate>
            <FormAlert id="invite-alert" result={result} />
            <Field
              idPrefix="invite"
              name="displayName"
              label="Your name"
              autoComplete="name"
              required
              failure={failure}
            />
            <Field
              idPrefix="invite"
              name="password"
              label="Password"
              type="password"
              autoComplete="new-password"
              hint="At least 8 characters; not one of the most common passwords."
              required
              failure={failure}
              keepValue={false}
            />
            <SubmitButton
              pending={navigation.state === 'submitting'}
              label="Create my staff account"
              pendingLabel="Creating…"
            />
          </Form>
        </>
      ) : (
        <p
          role="alert"
          className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100"
        >
          This invitation link is not valid any more: it was used, replaced or has expired. Ask an administrator for a
          new one.
        </p>
      )}
    </div>
  );
}
