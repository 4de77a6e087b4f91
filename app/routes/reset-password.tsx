import { AppLink } from '../components/app-link.tsx';
import { namedMiddleware } from '../lib/route-middleware.server.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/reset-password';

export const middleware: Route.MiddlewareFunction[] = namedMiddleware('guest');

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Reset your password', noIndex: true });

export default function Page() {
  return (
    <>
      <h1 className="text-2xl font-bold">Reset your password</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">When accounts open, this is where you choose a new password from the link we email you.</p>
      <p className="mt-6">
        <AppLink to="/" className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100">
          Back to the scores
        </AppLink>
      </p>
    </>
  );
}
