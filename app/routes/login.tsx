import { AppLink } from '../components/app-link.tsx';
import { namedMiddleware } from '../lib/route-middleware.server.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/login';

export const middleware: Route.MiddlewareFunction[] = namedMiddleware('guest');

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Sign in', noIndex: true });

export default function Page() {
  return (
    <>
      <h1 className="text-2xl font-bold">Sign in</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">Accounts are not open on this site yet. Everything you need to follow football — scores, fixtures, results and live matches — works without one. When accounts open, you will sign in here to keep your favourites on every device.</p>
      <p className="mt-6">
        <AppLink to="/" className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100">
          Back to the scores
        </AppLink>
      </p>
    </>
  );
}
