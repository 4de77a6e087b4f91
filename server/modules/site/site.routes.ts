// Site API: health for load balancers and the contact form for API clients.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { DatabaseHandle } from '../../../db/client.ts';
import type { DataRefreshStatus } from '../../../db/seed/data-refresh.ts';
import { clientAddress } from '../../platform/client-address.ts';
import type { Config } from '../../platform/config.ts';
import { errorBody, errorBodySchema } from '../../platform/http-errors.ts';
import { contactMessageInputSchema, contactMessageSchema } from './contact.schemas.ts';
import type { ContactService } from './contact.service.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  uptimeSeconds: z.number(),
  checks: z.object({ database: z.enum(['ok', 'failing']) }),
  /** This process's part in ingest: the leader runs the providers, a standby waits to take over (issue #4). */
  ingest: z.enum(['leader', 'standby', 'off']),
  liveClients: z.number().int(),
  dataRefreshedAt: z
    .string()
    .nullable()
    .describe(
      'When the openfootball data was last refreshed from upstream (ISO 8601): the ingest leader fetches the files every DATA_REFRESH_INTERVAL_HOURS and imports those that changed; null when no refresh has completed',
    ),
  dataRefresh: z
    .object({
      lastAttemptAt: z.string(),
      outcome: z.enum(['imported', 'unchanged', 'failed']),
    })
    .nullable()
    .describe(
      'The last refresh attempt: imported (files had changed), unchanged (nothing had), failed (no network, or a file that could not be imported: nothing changed); null when none was made',
    ),
});

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  summary: 'Process and database health, for load balancers, and when the data was last refreshed',
  responses: {
    200: { description: 'Healthy', content: { 'application/json': { schema: healthSchema } } },
    503: { description: 'The database does not answer', content: { 'application/json': { schema: healthSchema } } },
  },
});

const contactRoute = createRoute({
  method: 'post',
  path: '/contact',
  summary: 'Send a message to the site staff',
  request: { body: { required: true, content: { 'application/json': { schema: contactMessageInputSchema } } } },
  responses: {
    201: { description: 'Stored', content: { 'application/json': { schema: z.object({ data: contactMessageSchema }) } } },
    400: { description: 'Invalid input', content: { 'application/json': { schema: errorBodySchema } } },
    429: {
      description: 'Too many messages from this address or naming this reply address; see Retry-After',
      content: { 'application/json': { schema: errorBodySchema } },
    },
  },
});

/**
 * What the site API uses: the registrar receives these, not the whole composition root (issue #18). The
 * health check reports on ingest and the live hub through two questions rather than those modules.
 */
export interface SiteRouteServices {
  contact: ContactService;
  database: Pick<DatabaseHandle, 'ping'>;
  config: Pick<Config, 'ROLE' | 'TRUST_PROXY'>;
  logger: Logger;
  /** Whether this process is the ingest leader (it runs the providers) rather than a standby. */
  isIngestLeader: () => boolean;
  /** How many live streams this process serves. */
  liveClients: () => number;
  /** The data refresh as recorded in the database by whichever process led ingest (issue #19). */
  dataRefresh: () => Promise<DataRefreshStatus>;
}

export function siteRoutes(services: SiteRouteServices, app: OpenAPIHono) {
  app.openapi(healthRoute, async (c) => {
    let database: 'ok' | 'failing' = 'ok';
    try {
      await services.database.ping();
    } catch (error) {
      services.logger.error({ err: error }, 'health check: database did not answer');
      database = 'failing';
    }
    // What the data refresh recorded: unknown (null) rather than a failing check when it cannot be read.
    const refresh: DataRefreshStatus =
      database === 'ok'
        ? await services.dataRefresh().catch((error: unknown) => {
            services.logger.warn({ err: error }, 'health check: could not read the data refresh');
            return { refreshedAt: null, lastAttempt: null };
          })
        : { refreshedAt: null, lastAttempt: null };
    const body = {
      status: database === 'ok' ? ('ok' as const) : ('degraded' as const),
      uptimeSeconds: Math.round(process.uptime()),
      checks: { database },
      ingest: services.config.ROLE === 'web' ? ('off' as const) : services.isIngestLeader() ? ('leader' as const) : ('standby' as const),
      liveClients: services.liveClients(),
      dataRefreshedAt: refresh.refreshedAt,
      dataRefresh: refresh.lastAttempt ? { lastAttemptAt: refresh.lastAttempt.at, outcome: refresh.lastAttempt.outcome } : null,
    };
    return database === 'ok' ? c.json(body, 200) : c.json(body, 503);
  });

  app.openapi(contactRoute, async (c) => {
    const result = await services.contact.submitMessage(c.req.valid('json'), {
      ip: clientAddress(c, services.config.TRUST_PROXY),
    });
    if (!result.ok && result.code === 'throttled') {
      c.header('Retry-After', String(result.retryAfterSeconds));
      return c.json(errorBody('throttled', result.message), 429);
    }
    if (!result.ok) return c.json(errorBody('invalid_input', 'The message could not be sent', result.fields), 400);
    return c.json({ data: result.message }, 201);
  });
}
