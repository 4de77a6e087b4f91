// GET /api/live — the server-sent event stream (issue #4, DESIGN.md §5).
// `topics` names what to follow; `Last-Event-ID` (header, or the `lastEventId`
// query parameter on a first connect) resumes after that position.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { z } from 'zod';
import { parseTopics } from '../../../domain/live-contracts.ts';
import { errorBody, errorBodySchema } from '../../platform/http-errors.ts';
import { TooManyConnectionsError, type LiveHub, type LiveSink } from './live-hub.ts';

/** Bytes a client may have queued before it is dropped: live, and while catching up on a backlog. */
const MAX_QUEUED_BYTES = 256 * 1024;
const MAX_CATCH_UP_BYTES = 4 * 1024 * 1024;

const positionSchema = z.string().regex(/^\d{1,15}$/, 'must be a stream position (a whole number)').transform(Number);

const liveRoute = createRoute({
  method: 'get',
  path: '/live',
  summary: 'Live updates as server-sent events',
  description:
    'Topics: `scores` (compact score, status and clock changes of every match), `match:{id}` (everything of one match: events, corrections, stats, commentary), `chat:{matchId}`. ' +
    'Each message has `id:` (the event-log position), `event:` (score | match-event | correction | stats | commentary, plus ready and resync) and `data:` (JSON). ' +
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

export function liveRoutes(hub: LiveHub, api: OpenAPIHono) {
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

    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let closed = false;
    let disconnect: (() => void) | null = null;
    const stream = new ReadableStream<Uint8Array>(
      {
        start(streamController) {
          controller = streamController;
        },
        cancel() {
          closed = true;
          disconnect?.();
        },
      },
      { highWaterMark: 16 * 1024, size: (chunk) => chunk.byteLength },
    );
    const sink: LiveSink = {
      write(chunk, catchUp) {
        if (closed) return false;
        if ((controller.desiredSize ?? 0) < -(catchUp ? MAX_CATCH_UP_BYTES : MAX_QUEUED_BYTES)) return false;
        controller.enqueue(chunk);
        return true;
      },
      close() {
        if (closed) return;
        closed = true;
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      },
    };
    try {
      disconnect = await hub.connect({ topics, lastEventId, ip: clientAddress(c), sink });
    } catch (error) {
      if (error instanceof TooManyConnectionsError) {
        c.header('Retry-After', '30');
        return c.json(errorBody('too_many_connections', error.message), 429);
      }
      throw error;
    }
    if (closed) disconnect();
    return new Response(stream, {
      status: 200,
      headers: {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        'X-Accel-Buffering': 'no',
      },
    });
  });
}
