// The CMS as a JSON API (issue #20): every staff action the pages offer, with the
// same scope checks and the same audit entries, so staff can script the site with
// a Bearer token. Described in /api/openapi.json.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { clientAddress } from '../../platform/client-address.ts';
import type { Config } from '../../platform/config.ts';
import type { AuditLog } from './cms-audit.service.ts';
import type { StaffService } from './cms-staff.service.ts';
import { guardResponses, type CmsGuard } from './cms.guard.ts';
import {
  acceptInviteInputSchema,
  auditPageSchema,
  auditQuerySchema,
  inviteInputSchema,
  staffChangeSchema,
  staffInviteSchema,
  staffListSchema,
} from './cms.schemas.ts';
import { json, body, error, idParams, cmsFailure } from './cms-openapi.ts';

/** What a refused write answers, on every write route (the service's CmsFailure codes). */
const failureResponses = {
  400: error('Invalid input, with a message per field'),
  404: error('Nothing with this id (or the link is no longer usable)'),
  409: error('The change conflicts with the current state (e.g. it would leave no administrator)'),
};

export interface CmsRouteServices {
  guard: CmsGuard;
  staff: StaffService;
  audit: AuditLog;
  config: Pick<Config, 'TRUST_PROXY'>;
}

export function cmsRoutes(services: CmsRouteServices, app: OpenAPIHono) {
  const { guard, staff, audit } = services;
  const tags = ['CMS'];

  /** A service failure as the API's error body and status. */
  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/staff',
      tags,
      summary: 'Staff accounts and pending invitations (scope cms:staff)',
      middleware: [guard.require('cms:staff')],
      responses: { 200: json(z.object({ data: staffListSchema }), 'The staff'), ...guardResponses },
    }),
    async (c) => c.json({ data: await staff.list() }, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/staff/invites',
      tags,
      summary: 'Invite someone to the staff by mail: a single-use link, valid 48 hours (scope cms:staff)',
      middleware: [guard.require('cms:staff')],
      request: body(inviteInputSchema),
      responses: {
        201: json(
          z.object({ data: staffInviteSchema }),
          'Invitation sent; an earlier pending one to the address is replaced',
        ),
        ...failureResponses,
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await staff.invite(guard.actor(c), c.req.valid('json'));
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: result.invite }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/cms/staff/invites/{id}',
      tags,
      summary: 'Withdraw a pending invitation (scope cms:staff)',
      middleware: [guard.require('cms:staff')],
      request: { params: idParams },
      responses: {
        200: json(z.object({ data: staffInviteSchema }), 'Withdrawn'),
        ...failureResponses,
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await staff.revokeInvite(guard.actor(c), c.req.valid('param').id);
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: result.invite }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/cms/staff/{id}',
      tags,
      summary:
        'Change a role (member takes someone off the staff), suspend with a reason, or reinstate (scope cms:staff)',
      description:
        'Suspending ends every session of the account at once. The last administrator who can sign in cannot be demoted or suspended (409).',
      middleware: [guard.require('cms:staff')],
      request: { params: idParams, ...body(staffChangeSchema) },
      responses: {
        200: json(z.object({ data: z.object({ userId: z.number().int() }) }), 'Changed'),
        ...failureResponses,
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await staff.change(guard.actor(c), c.req.valid('param').id, c.req.valid('json'));
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: { userId: result.userId } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/staff/accept',
      tags,
      summary: 'Accept a staff invitation: choose a name and password (the token comes from the invitation mail)',
      request: body(acceptInviteInputSchema.extend({ token: z.string().min(20).max(200) })),
      responses: {
        200: json(z.object({ data: z.object({ email: z.string() }) }), 'Accepted: sign in at /cms/login'),
        ...failureResponses,
      },
    }),
    async (c) => {
      const { token, ...input } = c.req.valid('json');
      c.header('Cache-Control', 'no-store');
      const result = await staff.acceptInvite(token, input, clientAddress(c, services.config.TRUST_PROXY));
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: { email: result.email } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/audit',
      tags,
      summary: 'The audit log of staff writes, newest first, filtered by staff member, kind and date (scope cms:audit)',
      middleware: [guard.require('cms:audit')],
      request: { query: auditQuerySchema },
      responses: {
        200: json(z.object({ data: auditPageSchema }), 'One page'),
        400: error('Invalid filter'),
        ...guardResponses,
      },
    }),
    async (c) => c.json({ data: await audit.list(c.req.valid('query')) }, 200),
  );
}
