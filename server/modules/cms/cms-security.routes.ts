// Staff sign-in security as a JSON API (issue #20), the same actions as the
// /cms/security page with the same checks and audit entries: a staff member's
// own two-factor sign-in (any staff role, also while the policy sends them to
// set it up), an administrator's reset of a colleague's (cms:staff) and the
// policy that requires it of all staff (cms:settings). In /api/openapi.json.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { errorBody } from '../../platform/http-errors.ts';
import type { SecurityFailure, StaffSecurityService } from './cms-security.service.ts';
import {
  enrolmentSchema,
  recoveryCodesSchema,
  securityOverviewSchema,
  staffPolicyInputSchema,
  staffPolicySchema,
  twoFactorCodeInputSchema,
} from './cms-security.schemas.ts';
import { guardResponses, type CmsGuard } from './cms.guard.ts';
import { json, body, error, idParams } from './cms-openapi.ts';

/** Every refusal the service can answer (SecurityFailure), documented on each write. */
const failureResponses = {
  400: error('Invalid input, or a wrong or already used code (fields.code says which)'),
  404: error('No such account'),
  409: error('Not in the state this call needs (two-factor sign-in on already, off, nothing to confirm)'),
  429: error('Too many wrong codes for this account; see Retry-After'),
};

export interface CmsSecurityRouteServices {
  guard: CmsGuard;
  security: StaffSecurityService;
}

export function cmsSecurityRoutes(services: CmsSecurityRouteServices, app: OpenAPIHono) {
  const { guard, security } = services;
  const tags = ['CMS'];

  function failure(c: Context, result: SecurityFailure) {
    const answer = errorBody(result.code, result.message, 'fields' in result ? result.fields : undefined);
    if (result.code === 'throttled') {
      c.header('Retry-After', String(result.retryAfterSeconds));
      return c.json(answer, 429);
    }
    if (result.code === 'invalid_input') return c.json(answer, 400);
    return result.code === 'not_found' ? c.json(answer, 404) : c.json(answer, 409);
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/security',
      tags,
      summary:
        "The caller's two-factor sign-in, the enrolment waiting for its first code, and the staff policy (any staff)",
      middleware: [guard.requireStaffMember()],
      responses: { 200: json(z.object({ data: securityOverviewSchema }), 'The overview'), ...guardResponses },
    }),
    async (c) => c.json({ data: await security.overview(guard.actor(c).id) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/security/two-factor',
      tags,
      summary: 'Start setting up two-factor sign-in: a new TOTP secret, waiting for its first code (any staff)',
      description: 'Asked again before confirming, it returns the same secret.',
      middleware: [guard.requireStaffMember()],
      responses: {
        200: json(z.object({ data: enrolmentSchema }), 'The secret and its otpauth:// URI'),
        ...failureResponses,
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await security.begin(guard.actor(c));
      if (!result.ok) return failure(c, result);
      return c.json({ data: result.enrolment }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/security/two-factor/confirm',
      tags,
      summary:
        'Turn two-factor sign-in on with the first code from the app; answers the 10 recovery codes, once (any staff)',
      middleware: [guard.requireStaffMember()],
      request: body(twoFactorCodeInputSchema),
      responses: {
        200: json(z.object({ data: recoveryCodesSchema }), 'On; keep the recovery codes somewhere safe'),
        ...failureResponses,
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await security.confirm(guard.actor(c), c.req.valid('json'));
      if (!result.ok) return failure(c, result);
      return c.json({ data: { recoveryCodes: result.recoveryCodes } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/security/two-factor/recovery-codes',
      tags,
      summary: 'New recovery codes for a current code from the app; the old ones stop working (any staff)',
      middleware: [guard.requireStaffMember()],
      request: body(twoFactorCodeInputSchema),
      responses: {
        200: json(z.object({ data: recoveryCodesSchema }), 'The new codes, shown once'),
        ...failureResponses,
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await security.regenerateRecoveryCodes(guard.actor(c), c.req.valid('json'));
      if (!result.ok) return failure(c, result);
      return c.json({ data: { recoveryCodes: result.recoveryCodes } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/security/two-factor/disable',
      tags,
      summary: 'Turn two-factor sign-in off, for a current code from the app or a recovery code (any staff)',
      middleware: [guard.requireStaffMember()],
      request: body(twoFactorCodeInputSchema),
      responses: {
        200: json(z.object({ data: z.object({ enabled: z.literal(false) }) }), 'Off'),
        ...failureResponses,
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await security.disable(guard.actor(c), c.req.valid('json'));
      if (!result.ok) return failure(c, result);
      return c.json({ data: { enabled: false as const } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/staff/{id}/two-factor/reset',
      tags,
      summary:
        "Turn a colleague's two-factor sign-in off so they can set it up again, e.g. after losing their phone (scope cms:staff)",
      middleware: [guard.require('cms:staff')],
      request: { params: idParams },
      responses: {
        200: json(z.object({ data: z.object({ userId: z.number().int(), wasEnabled: z.boolean() }) }), 'Reset'),
        ...failureResponses,
        409: error('Your own: turn it off with a code instead'),
        ...guardResponses,
      },
    }),
    async (c) => {
      const userId = c.req.valid('param').id;
      const result = await security.reset(guard.actor(c), userId);
      if (!result.ok) return failure(c, result);
      return c.json({ data: { userId, wasEnabled: result.wasEnabled } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/cms/security/policy',
      tags,
      summary: 'Require two-factor sign-in of every staff member, or not (scope cms:settings)',
      description:
        'While required, staff without it are sent to set it up before anything else in the CMS. Turning it on needs your own two-factor sign-in on first (409).',
      middleware: [guard.require('cms:settings')],
      request: body(staffPolicyInputSchema),
      responses: {
        200: json(z.object({ data: staffPolicySchema.pick({ requireTwoFactor: true }) }), 'Saved'),
        ...failureResponses,
        409: error('Turn on your own two-factor sign-in first'),
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await security.setPolicy(guard.actor(c), c.req.valid('json'));
      if (!result.ok) return failure(c, result);
      return c.json({ data: { requireTwoFactor: result.requireTwoFactor } }, 200);
    },
  );
}
