import { Form, useNavigation } from 'react-router';
import { AppLink } from '../components/app-link.tsx';
import { linkClass, type FormResult } from '../features/auth-forms/form-parts.tsx';
import { LoginForm } from '../features/auth-forms/login-form.tsx';
import { redirectTarget, signInFromForm } from '../features/auth-forms/auth-actions.server.ts';
import { namedMiddleware } from '../lib/auth/route-middleware.server.ts';
import { pageMeta } from '../lib/seo/seo.ts';
import type { Route } from './+types/login';
import { getServices } from '../../server/router-context.server.ts';

// Spec §6: a signed-in visitor is sent home.
export const middleware: Route.MiddlewareFunction[] = namedMiddleware('guest');

const OIDC_ERRORS: Record<string, string> = {
  oidc: 'Signing in with your provider did not work. Please try again.',
  'oidc-email': 'Your sign-in provider did not confirm your email address, so we could not sign you in with it.',
  suspended: 'This account is suspended. If you think this is a mistake, write to us from the contact page.',
};

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { oidc } = getServices(context);
  return {
    // Spec §2: after sign-in, back to where the visitor was — a local path only.
    redirectTo: redirectTarget(url.searchParams.get('redirect')),
    oidc: oidc.enabled ? { name: oidc.providerName } : null,
    notice: OIDC_ERRORS[url.searchParams.get('error') ?? ''] ?? null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return signInFromForm(request, context, 'login');
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Sign in', noIndex: true });

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { redirectTo, oidc, notice } = loaderData;
  const query = redirectTo === '/' ? '' : `?redirect=${encodeURIComponent(redirectTo)}`;
  return (
    <>
      <h1 className="text-2xl font-bold">Sign in</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Your favourites and settings on every device. Scores and fixtures work without an account.
      </p>
      {notice ? (
        <p
          role="alert"
          className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {notice}
        </p>
      ) : null}
      <div className="mt-6">
        <LoginForm
          Form={Form}
          action={`/login${query}`}
          idPrefix="page"
          result={actionData as FormResult | undefined}
          pending={navigation.state === 'submitting'}
          redirectTo={redirectTo}
        />
      </div>
      {oidc ? (
        <p className="mt-4">
          {/* A plain link: the provider's page needs a full navigation. */}
          <a
            href={`/api/auth/oidc/start${query}`}
            className="block w-full rounded-md border border-slate-400 px-4 py-2 text-center font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            Continue with {oidc.name}
          </a>
        </p>
      ) : null}
      <ul className="mt-6 space-y-2 text-sm">
        <li>
          <AppLink to="/auth/reset-password" className={linkClass}>
            Forgot your password?
          </AppLink>
        </li>
        <li>
          New here?{' '}
          <AppLink to={`/register${query}`} className={linkClass}>
            Create an account
          </AppLink>
        </li>
      </ul>
    </>
  );
}
