// The staff door (spec §1, §6): staff sign in here to the CMS; members'
// accounts are refused. Signed-in staff go straight to the dashboard.
import { Form, redirect, redirectDocument, useNavigation } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { linkClass, type FormResult } from '../../features/auth-forms/form-parts.tsx';
import { LoginForm } from '../../features/auth-forms/login-form.tsx';
import { formFailure, readForm, redirectTarget } from '../../features/auth-forms/auth-actions.server.ts';
import { getCurrentUser } from '../../lib/auth/current-user.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import { isStaff } from '../../../domain/staff-access.ts';
import type { Route } from './+types/login';
import { getRequestAuth, getServices } from '../../../server/router-context.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const target = redirectTarget(new URL(request.url).searchParams.get('redirect'), '/cms');
  const user = await getCurrentUser(context);
  if (user && isStaff(user.scopes)) throw redirect(target);
  const welcome = new URL(request.url).searchParams.get('welcome') === '1';
  return { redirectTo: target, signedInAs: user ? user.displayName : null, welcome };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = readForm(form, ['email', 'password', 'redirect']);
  const { accounts } = getServices(context);
  const auth = getRequestAuth(context);
  // A member's right password is refused before any session starts (nothing left behind).
  const result = await accounts.login(values, auth.meta, undefined, { staffOnly: true });
  if (!result.ok) return formFailure(result, values);
  auth.signIn(result.session);
  throw redirectDocument(redirectTarget(values.redirect, '/cms'));
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Staff sign-in', noIndex: true });

export default function CmsLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const query = loaderData.redirectTo === '/cms' ? '' : `?redirect=${encodeURIComponent(loaderData.redirectTo)}`;
  return (
    <div className="mx-auto max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h1 className="text-2xl font-bold">Staff sign-in</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        For the people who run this site: matches, highlights, plans, users and settings.
      </p>
      {loaderData.welcome ? (
        <p role="status" className="mt-4 rounded-md bg-brand-50 p-3 text-sm text-brand-900 dark:bg-slate-800 dark:text-brand-100">
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
        <LoginForm
          Form={Form}
          action={`/cms/login${query}`}
          idPrefix="cms"
          result={actionData as FormResult | undefined}
          pending={navigation.state === 'submitting'}
          redirectTo={loaderData.redirectTo}
          submitLabel="Sign in to the CMS"
        />
      </div>
      <p className="mt-6 text-sm">
        <AppLink to="/auth/reset-password" className={linkClass}>
          Forgot your password?
        </AppLink>
      </p>
    </div>
  );
}
