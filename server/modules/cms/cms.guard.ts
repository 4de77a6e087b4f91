// The scope check of every CMS API call (issue #20), as route middleware: it runs
// before the body is validated, so a guest learns "sign in" (401) and a member or
// a staff member without the scope "forbidden" (403) — never whether the input
// would have been valid. Pages check the same scopes in their loaders and actions
// (app/lib/auth/staff-access.server.ts); the UI only mirrors them.
import type { Context, MiddlewareHandler } from 'hono';
import { hasScope, isStaff } from '../../../domain/staff-access.ts';
import { clientAddress } from '../../platform/client-address.ts';
import type { Config } from '../../platform/config.ts';
import { errorBody, errorBodySchema } from '../../platform/http-errors.ts';
import type { SessionService, SessionUser } from '../auth/auth.session.ts';
import type { TwoFactorService } from '../auth/auth.two-factor.ts';
import type { CmsActor } from './cms.schemas.ts';

export const UNAUTHENTICATED_BODY = errorBody('unauthenticated', 'Sign in to continue');

export function forbiddenBody(scope: string) {
  return errorBody('forbidden', `Your account does not have the ${scope} scope`);
}

/** While the staff policy requires two-factor sign-in, an account without it may only set it up (issue #20). */
export const ENROLMENT_REQUIRED_BODY = errorBody(
  'two_factor_enrolment_required',
  'Two-factor sign-in is required for staff: set it up first (/cms/security, or POST /api/cms/security/two-factor)',
);

/** The two answers every guarded route documents (no `as const`: zod-openapi's response types lose spread readonly keys). */
export const guardResponses = {
  401: { description: 'Not signed in', content: { 'application/json': { schema: errorBodySchema } } },
  403: {
    description: 'Signed in without the scope this call needs',
    content: { 'application/json': { schema: errorBodySchema } },
  },
};

export function actorOf(user: SessionUser, ip: string): CmsActor {
  return { id: user.id, role: user.role, ip };
}

export interface CmsGuard {
  /** Route middleware: lets the request through only for a signed-in user holding `scope`. */
  require(scope: string): MiddlewareHandler;
  /**
   * Route middleware for a staff member's own sign-in security: any staff role,
   * and staff the policy sends to set up two-factor sign-in too (that is what it is for).
   */
  requireStaffMember(): MiddlewareHandler;
  /** The actor the middleware let through (call only in a guarded handler). */
  actor(c: Context): CmsActor;
}

export function createCmsGuard(deps: {
  sessions: Pick<SessionService, 'currentUser'>;
  config: Pick<Config, 'TRUST_PROXY'>;
  twoFactor: Pick<TwoFactorService, 'enrolmentRequired'>;
}): CmsGuard {
  const actors = new WeakMap<Request, CmsActor>();
  return {
    require(scope) {
      return async (c, next) => {
        c.header('Cache-Control', 'private, no-store');
        const user = await deps.sessions.currentUser(c.req.raw);
        if (!user) return c.json(UNAUTHENTICATED_BODY, 401);
        if (!isStaff(user.scopes) || !hasScope(user.scopes, scope)) return c.json(forbiddenBody(scope), 403);
        if (await deps.twoFactor.enrolmentRequired(user.id)) return c.json(ENROLMENT_REQUIRED_BODY, 403);
        actors.set(c.req.raw, actorOf(user, clientAddress(c, deps.config.TRUST_PROXY)));
        await next();
      };
    },
    requireStaffMember() {
      return async (c, next) => {
        c.header('Cache-Control', 'private, no-store');
        const user = await deps.sessions.currentUser(c.req.raw);
        if (!user) return c.json(UNAUTHENTICATED_BODY, 401);
        if (!isStaff(user.scopes)) return c.json(errorBody('forbidden', 'Only staff accounts can call this'), 403);
        actors.set(c.req.raw, actorOf(user, clientAddress(c, deps.config.TRUST_PROXY)));
        await next();
      };
    },
    actor(c) {
      const actor = actors.get(c.req.raw);
      if (!actor) throw new Error('cms guard: actor() called on a route without require()');
      return actor;
    },
  };
}
