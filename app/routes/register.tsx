import { AppLink } from '../components/app-link.tsx';
import { namedMiddleware } from '../lib/route-middleware.server.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/register';

export const middleware: Route.MiddlewareFunction[] = namedMiddleware('guest');

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Create an account', noIndex: true });

export default function Page() {
  return (
    <>
      <h1 className="text-2xl font-bold">Create an account</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">Accounts are not open on this site yet. When they are, you will create one here with your email address and a password; the scores stay free without one.</p>
      <p className="mt-6">
        <AppLink to="/" className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100">
          Back to the scores
        </AppLink>
      </p>
    </>
  );
}
