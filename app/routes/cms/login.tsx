// The staff door (spec §1, §6): staff sign in here to the CMS; members'
// accounts are refused. Signed-in staff go straight to the dashboard. An account
// with two-factor sign-in (issue #20) gives its code in a second step: between
// the two, a signed five-minute challenge waits in a cookie — not a session.
import { Form, redirect, redirectDocument, useNavigation } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import {
  Field,
  FormAlert,
  SubmitButton,
  failureOf,
  linkClass,
  type FormResult,
} from '../../features/auth-forms/form-parts.tsx';
import { LoginForm } from '../../features/auth-forms/login-form.tsx';
import { formFailure, readForm, redirectTarget } from '../../features/auth-forms/auth-actions.server.ts';
import { getCurrentUser } from '../../lib/auth/current-user.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import { isStaff } from '../../../domain/staff-access.ts';
import type { Route } from './+types/login';
import { IDLE_SIGNED_OUT_MESSAGE } from '../../../domain/account-contracts.ts';
import type { AuthFailure } from '../../../server/modules/auth/auth.service.ts';
import { getRequestAuth, getServices } from '../../../server/router-context.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = redirectTarget(url.searchParams.get('redirect'), '/cms');
  const user = await getCurrentUser(context);
  if (user && isStaff(user.scopes)) throw redirect(target);
  const welcome = url.searchParams.get('welcome') === '1';
  const auth = getRequestAuth(context);
  // The second step while the password step's challenge lasts.
  const step = getServices(context).twoFactor.readChallenge(auth.heldTwoFactorChallenge()) ? 'code' : 'password';
  const idle = url.searchParams.get('reason') === 'idle';
  return { redirectTo: target, signedInAs: user ? user.displayName : null, welcome, step, idle } as const;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = readForm(form, ['email', 'password', 'redirect', 'code', 'intent']);
  const { accounts } = getServices(context);
  const auth = getRequestAuth(context);
  const target = redirectTarget(values.redirect, '/cms');
  const here = `/cms/login${target === '/cms' ? '' : `?redirect=${encodeURIComponent(target)}`}`;
  if (values.intent === 'restart') {
    auth.clearTwoFactorChallenge();
    throw redirect(here);
  }
  if (values.intent === 'code') {
    const challenge = auth.heldTwoFactorChallenge() ?? '';
    const result = await accounts.completeTwoFactorSignIn({ challenge, code: values.code }, auth.meta);
    if (!result.ok) {
      // An expired or spent challenge: back to the password, saying why.
      if (result.code === 'invalid_token') auth.clearTwoFactorChallenge();
      // A wrong code is the code field's error, said beside it.
      const failure: AuthFailure =
        result.code === 'invalid_code'
          ? { ok: false, code: 'invalid_input', message: result.message, fields: { code: result.message } }
          : result;
      return formFailure(failure, {}, { intent: 'code' });
    }
    auth.signIn(result.session);
    throw redirectDocument(target);
  }
  // A member's right password is refused before any session starts (nothing left behind).
  const result = await accounts.login(values, auth.meta, undefined, { staffOnly: true });
  if (!result.ok && result.code === 'two_factor_required') {
    auth.holdTwoFactorChallenge(result.challenge, result.expiresInSeconds);
    throw redirect(here);
  }
  if (!result.ok) return formFailure(result, values);
  auth.signIn(result.session);
  throw redirectDocument(target);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Staff sign-in', noIndex: true });

/** The second step: the code from the authenticator app, or a recovery code. */
function CodeStep({ action, result, pending }: { action: string; result: FormResult | undefined; pending: boolean }) {
  const failure = failureOf(result);
  return (
    <>
      <Form
        method="post"
        action={action}
        noValidate
        className="space-y-4"
        aria-describedby={result ? 'cms-code-alert' : undefined}
      >
        <FormAlert id="cms-code-alert" result={result} />
        <input type="hidden" name="intent" value="code" />
        <Field
          idPrefix="cms"
          name="code"
          label="Authentication code"
          hint="The 6-digit code your authenticator app shows now, or one of your recovery codes."
          autoComplete="one-time-code"
          required
          failure={failure}
          keepValue={false}
        />
        <SubmitButton pending={pending} label="Verify and sign in" pendingLabel="Checking…" />
      </Form>
      <Form method="post" action={action} className="mt-4">
        <input type="hidden" name="intent" value="restart" />
        <button type="submit" className={`${linkClass} text-sm`}>
          Start again with your password
        </button>
      </Form>
    </>
  );
}

export default function CmsLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const query = loaderData.redirectTo === '/cms' ? '' : `?redirect=${encodeURIComponent(loaderData.redirectTo)}`;
  const result = actionData as (FormResult & { intent?: string }) | undefined;
  const pending = navigation.state === 'submitting';
  return (
    <div className="mx-auto max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h1 className="text-2xl font-bold">Staff sign-in</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        For the people who run this site: matches, highlights, plans, users and settings.
      </p>
      {loaderData.idle && loaderData.step === 'password' && !result ? (
        <p
          role="status"
          className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-950 dark:bg-slate-800 dark:text-amber-100"
        >
          {IDLE_SIGNED_OUT_MESSAGE}.
        </p>
      ) : null}
      {loaderData.welcome ? (
        <p
          role="status"
          className="mt-4 rounded-md bg-brand-50 p-3 text-sm text-brand-900 dark:bg-slate-800 dark:text-brand-100"
        >
          Your staff account is ready. Sign in with your email address and the password you chose.
        </p>
      ) : null}
      {loaderData.signedInAs ? (
        <p className="mt-4 rounded-md bg-slate-100 p-3 text-sm dark:bg-slate-800">
          You are signed in as {loaderData.signedInAs}, an account without access to the CMS. Sign in with a staff
          account below.
        </p>
      ) : null}
      <div className="mt-6">
        {loaderData.step === 'code' ? (
          <CodeStep
            action={`/cms/login${query}`}
            result={result?.intent === 'code' ? result : undefined}
            pending={pending}
          />
        ) : (
          <LoginForm
            Form={Form}
            action={`/cms/login${query}`}
            idPrefix="cms"
            result={result}
            pending={pending}
            redirectTo={loaderData.redirectTo}
            submitLabel="Sign in to the CMS"
          />
        )}
      </div>
      <p className="mt-6 text-sm">
        <AppLink to="/auth/reset-password" className={linkClass}>
          Forgot your password?
        </AppLink>
      </p>
    </div>
  );
}
