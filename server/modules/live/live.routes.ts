// GET /api/live — the server-sent event stream (issue #4, DESIGN.md §5).
// `topics` names what to follow; `Last-Event-ID` (header, or the `lastEventId`
// query parameter on a first connect) resumes after that position.
import { ServerResponse } from 'node:http';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { z } from 'zod';
import { parseTopics } from '../../../domain/live-contracts.ts';
import { errorBody, errorBodySchema } from '../../platform/http-errors.ts';
import { TooManyConnectionsError, type LiveHub } from './live-hub.ts';
import { createLiveStream } from './live-stream.ts';

const positionSchema = z.string().regex(/^\d{1,15}$/, 'must be a stream position (a whole number)').transform(Number);

const liveRoute = createRoute({
  method: 'get',
  path: '/live',
  summary: 'Live updates as server-sent events',
  description:
    'Topics: `scores` (compact score, status and clock changes of every match), `match:{id}` (everything of one match: events, corrections, stats, commentary), `chat:{matchId}`. ' +
    'Each message has `id:` (the event-log position), `event:` (score | match-event | correction | stats | commentary | odds on match topics; chat.message | chat.deleted | chat.room on `chat:{matchId}`; plus ready and resync) and `data:` (JSON). ' +
    'A heartbeat comment arrives every 15 s. Send `Last-Event-ID` to receive what was missed first; when that is no longer possible the stream sends `resync`.',
  request: {
    query: z.object({
      topics: z.string().min(1).max(400),
      lastEventId: positionSchema.optional(),
    }),
  },
  responses: {
    200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string() } } },
    400: { description: 'Unknown topic or malformed position', content: { 'application/json': { schema: errorBodySchema } } },
    429: { description: 'Too many live connections from this address', content: { 'application/json': { schema: errorBodySchema } } },
  },
});

function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Node's response for this request when @hono/node-server serves the app; app.request() has none. */
function outgoingOf(c: Context): ServerResponse | undefined {
  const env: unknown = c.env;
  if (typeof env !== 'object' || env === null || !('outgoing' in env)) return undefined;
  return env.outgoing instanceof ServerResponse ? env.outgoing : undefined;
}

export interface LiveRouteOptions {
  /** The app's id for this request: a stream written to node's response passes no middleware, so it puts this in its head itself. */
  requestIdOf: (c: Context) => string | undefined;
}

export function liveRoutes(hub: LiveHub, api: OpenAPIHono, options: LiveRouteOptions) {
  api.openapi(liveRoute, async (c) => {
    const query = c.req.valid('query');
    let topics: string[];
    try {
      topics = parseTopics(query.topics);
    } catch (error) {
      return c.json(errorBody('invalid_input', 'The request is not valid', { topics: (error as Error).message }), 400);
    }
    const header = c.req.header('last-event-id');
    let lastEventId: number | null = query.lastEventId ?? null;
    if (header !== undefined && header.trim() !== '') {
      const parsed = positionSchema.safeParse(header.trim());
      if (!parsed.success) return c.json(errorBody('invalid_input', 'The request is not valid', { 'Last-Event-ID': 'must be a stream position (a whole number)' }), 400);
      lastEventId = parsed.data;
    }

    const requestId = options.requestIdOf(c);
    const stream = createLiveStream(outgoingOf(c), requestId === undefined ? {} : { 'x-request-id': requestId });
    let disconnect: () => void;
    try {
      disconnect = await hub.connect({ topics, lastEventId, ip: clientAddress(c), sink: stream.sink });
    } catch (error) {
      if (error instanceof TooManyConnectionsError) {
        c.header('Retry-After', '30');
        return c.json(errorBody('too_many_connections', error.message), 429);
      }
      throw error;
    }
    return stream.open(disconnect);
  });
}
