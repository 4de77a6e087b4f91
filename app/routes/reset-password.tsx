// Forgot password (ask for a link) and set a new password (after the link).
// The link's token is moved from the URL into a short-lived HttpOnly cookie at
// once, so it does not stay in the address bar, the history or a Referer.
import { Form, data, redirect, useNavigation } from 'react-router';
import { AppLink } from '../components/app-link.tsx';
import { ForgotPasswordForm } from '../features/auth-forms/forgot-password-form.tsx';
import { linkClass, type FormResult } from '../features/auth-forms/form-parts.tsx';
import { UpdatePasswordForm } from '../features/auth-forms/update-password-form.tsx';
import { formFailure, formMessage, readForm } from '../features/auth-forms/auth-actions.server.ts';
import { namedMiddleware } from '../lib/auth/route-middleware.server.ts';
import { pageMeta } from '../lib/seo/seo.ts';
import { FORGOT_PASSWORD_MESSAGE } from '../../domain/account-contracts.ts';
import type { Route } from './+types/reset-password';
import { getRequestAuth, getServices } from '../../server/router-context.server.ts';

export const middleware: Route.MiddlewareFunction[] = namedMiddleware('guest');

const RESET_COOKIE = 'scoreline_reset';
const RESET_COOKIE_MAX_AGE = 30 * 60;

function resetCookie(value: string, secure: boolean): string {
  return [
    `${RESET_COOKIE}=${value}`,
    'Path=/',
    `Max-Age=${value ? RESET_COOKIE_MAX_AGE : 0}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { accounts } = getServices(context);
  const auth = getRequestAuth(context);
  const url = new URL(request.url);
  const token = url.searchParams.get('token');
  if (token !== null) {
    url.searchParams.delete('token');
    throw redirect(url.pathname + url.search, {
      headers: { 'Set-Cookie': resetCookie(/^[\w-]{20,200}$/.test(token) ? token : '', auth.secureCookies) },
    });
  }
  const stored = auth.readCookie(RESET_COOKIE);
  if (!stored) return { mode: 'request' as const };
  return { mode: (await accounts.checkResetToken(stored)) ? ('reset' as const) : ('expired' as const) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { accounts } = getServices(context);
  const auth = getRequestAuth(context);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'reset') {
    const values = readForm(form, ['password']);
    const token = auth.readCookie(RESET_COOKIE) ?? '';
    const result = await accounts.resetPassword({ token, password: values.password }, auth.meta);
    if (!result.ok) return formFailure(result, values);
    return data<FormResult>(
      {
        ok: true,
        message: 'Your password has been changed and every device was signed out. Sign in with your new password.',
      },
      { headers: { 'Set-Cookie': resetCookie('', auth.secureCookies) } },
    );
  }
  const values = readForm(form, ['email']);
  const result = await accounts.requestPasswordReset(values, auth.meta);
  if (!result.ok) return formFailure(result, values);
  return formMessage(FORGOT_PASSWORD_MESSAGE);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Reset your password', noIndex: true });

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting';
  const result = actionData as FormResult | undefined;
  const done = result?.ok === true && loaderData.mode === 'reset';
  return (
    <>
      <h1 className="text-2xl font-bold">
        {loaderData.mode === 'reset' ? 'Choose a new password' : 'Reset your password'}
      </h1>
      {done ? (
        <>
          <p
            role="status"
            className="mt-4 rounded-md bg-brand-50 p-3 text-brand-900 dark:bg-slate-800 dark:text-brand-100"
          >
            {result.message}
          </p>
          <p className="mt-6">
            <AppLink to="/login" className={linkClass}>
              Sign in
            </AppLink>
          </p>
        </>
      ) : loaderData.mode === 'reset' ? (
        <div className="mt-6">
          <UpdatePasswordForm
            Form={Form}
            action="/auth/reset-password"
            idPrefix="page"
            result={result}
            pending={pending}
            mode="reset"
          />
        </div>
      ) : (
        <>
          {loaderData.mode === 'expired' ? (
            <p
              role="alert"
              className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100"
            >
              This reset link is not valid any more. It may have been used already or be older than 30 minutes. Ask for
              a new one below.
            </p>
          ) : (
            <p className="mt-2 text-slate-700 dark:text-slate-300">
              Enter the email address of your account. We will send you a link to choose a new password.
            </p>
          )}
          <div className="mt-6">
            {result?.ok ? (
              <p
                role="status"
                className="rounded-md bg-brand-50 p-3 text-brand-900 dark:bg-slate-800 dark:text-brand-100"
              >
                {result.message}
              </p>
            ) : (
              <ForgotPasswordForm
                Form={Form}
                action="/auth/reset-password"
                idPrefix="page"
                result={result}
                pending={pending}
              />
            )}
          </div>
          <p className="mt-6 text-sm">
            <AppLink to="/login" className={linkClass}>
              Back to sign in
            </AppLink>
          </p>
        </>
      )}
    </>
  );
}
