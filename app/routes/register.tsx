import { Form, useNavigation } from 'react-router';
import { AppLink } from '../components/app-link.tsx';
import { linkClass, type FormResult } from '../features/auth-forms/form-parts.tsx';
import { RegisterForm } from '../features/auth-forms/register-form.tsx';
import { redirectTarget, signInFromForm } from '../features/auth-forms/auth-actions.server.ts';
import { namedMiddleware } from '../lib/auth/route-middleware.server.ts';
import { pageMeta } from '../lib/seo/seo.ts';
import type { Route } from './+types/register';

export const middleware: Route.MiddlewareFunction[] = namedMiddleware('guest');

export function loader({ request }: Route.LoaderArgs) {
  return { redirectTo: redirectTarget(new URL(request.url).searchParams.get('redirect')) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return signInFromForm(request, context, 'register');
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Create an account', noIndex: true });

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { redirectTo } = loaderData;
  const query = redirectTo === '/' ? '' : `?redirect=${encodeURIComponent(redirectTo)}`;
  return (
    <>
      <h1 className="text-2xl font-bold">Create an account</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Free. Keep your favourite teams and competitions on every device.
      </p>
      <div className="mt-6">
        <RegisterForm
          Form={Form}
          action={`/register${query}`}
          idPrefix="page"
          result={actionData as FormResult | undefined}
          pending={navigation.state === 'submitting'}
          redirectTo={redirectTo}
        />
      </div>
      <p className="mt-6 text-sm">
        Already have an account?{' '}
        <AppLink to={`/login${query}`} className={linkClass}>
          Sign in
        </AppLink>
      </p>
    </>
  );
}
