import { namedMiddleware } from '../lib/route-middleware.server.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/account';

// Signed-out visitors are sent to /login?redirect=/account.
export const middleware: Route.MiddlewareFunction[] = namedMiddleware('auth');

export const handle = { breadcrumb: 'Account' };

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Your account', noIndex: true });

export default function Account() {
  return <h1 className="text-2xl font-bold">Your account</h1>;
}
