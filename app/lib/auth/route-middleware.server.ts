// Named route middleware (spec §8). A route names what it needs —
// `export const middleware = namedMiddleware('auth')` — and the names resolve
// here. A name nobody registered is a programming error the page must not
// hide: it renders a 500 'Unknown middleware {name}'.
import { data, redirect, type MiddlewareFunction } from 'react-router';
import { getCurrentUser } from './current-user.server.ts';
import { getRequestAuth, getServices } from '../../../server/router-context.server.ts';
import { STAFF_SECURITY_PATH, mustEnrolTwoFactor, staffSignInPath } from './staff-access.server.ts';

type RouteMiddleware = MiddlewareFunction<Response>;

function localPathOf(request: Request): string {
  const url = new URL(request.url);
  return url.pathname.replace(/\.data$/, '') + url.search;
}

const REGISTRY: Record<string, RouteMiddleware> = {
  /** Guest-only pages (login, register, reset): a signed-in user goes home. */
  guest: async ({ context }) => {
    const user = await getCurrentUser(context);
    if (user) throw redirect('/');
  },
  /** Protected pages: a signed-out user goes to /login and comes back after. */
  auth: async ({ request, context }) => {
    const user = await getCurrentUser(context);
    if (!user) throw redirect(`/login?redirect=${encodeURIComponent(localPathOf(request))}`);
  },
  /**
   * Staff pages: signed in with a `cms:*` scope (a staff session that ended idle is told so at the
   * door), and with two-factor sign-in when the staff policy requires it (issue #20).
   */
  staff: async ({ request, context }) => {
    const user = await getCurrentUser(context);
    if (!user) throw redirect(staffSignInPath(request, getRequestAuth(context)));
    if (!user.scopes.some((scope) => scope.startsWith('cms:'))) {
      throw data({ message: 'Your account has no access to the CMS' }, { status: 403 });
    }
    if (await mustEnrolTwoFactor(context, user.id)) throw redirect(`${STAFF_SECURITY_PATH}?required=1`);
  },
  /** Pages that only exist for the end-to-end suite. */
  'test-routes': ({ context }) => {
    if (!getServices(context).config.ENABLE_TEST_ROUTES) throw data(null, { status: 404 });
  },
};

export function namedMiddleware(...names: string[]): RouteMiddleware[] {
  return names.map(
    (name) =>
      REGISTRY[name] ??
      (() => {
        throw data({ message: `Unknown middleware ${name}` }, { status: 500 });
      }),
  );
}
