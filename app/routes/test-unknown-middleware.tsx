// End-to-end scenario: a route that names a middleware nobody registered (spec §8).
import { namedMiddleware } from '../lib/auth/route-middleware.server.ts';
import type { Route } from './+types/test-unknown-middleware';

export const middleware: Route.MiddlewareFunction[] = namedMiddleware('test-routes', 'no-such-middleware');

export function loader() {
  return null;
}

export default function UnknownMiddleware() {
  return <p>This text never shows: the middleware above does not exist.</p>;
}
