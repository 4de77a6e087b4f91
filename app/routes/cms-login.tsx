import { AppLink } from '../components/app-link.tsx';
import { namedMiddleware } from '../lib/route-middleware.server.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/cms-login';

export const middleware: Route.MiddlewareFunction[] = namedMiddleware('guest');

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Staff sign-in', noIndex: true });

export default function Page() {
  return (
    <>
      <h1 className="text-2xl font-bold">Staff sign-in</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">The staff area for running this site — matches, highlights, plans, users and settings — opens here once staff accounts are set up.</p>
      <p className="mt-6">
        <AppLink to="/" className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100">
          Back to the scores
        </AppLink>
      </p>
    </>
  );
}
