// How the bytes of one live stream reach its client (issue #18, "Resume that
// keeps up"). The hub frames everything (live-hub.ts); this file only carries
// the frames, over one of two transports behind the same sink:
//
// - node's ServerResponse, when the app runs in @hono/node-server (which hands
//   it over as `c.env.outgoing`). The route writes the response itself: the
//   head goes out with everything the hub wrote while the client connected
//   (the retry field, the replayed backlog, ready or resync) as one write, and
//   each later chunk is one write. In a resume storm's profile, the web stream
//   cost ≈ 0.3 ms of CPU per resume: a ReadableStream per client, the adapter
//   reading it into the socket, the head as a syscall of its own
//   (docs/performance.md, "Resume storm").
// - a web ReadableStream in a Response, everywhere else: app.request() in
//   tests has no node response.
//
// Both send the same status and headers, and apply the same limit to what a
// slow client may have waiting before it is dropped.
import type { ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { LiveSink } from './live-hub.ts';

/** Bytes a client may have waiting beyond its transport's buffer before it is dropped: live, and while catching up on a backlog. */
const MAX_QUEUED_BYTES = 256 * 1024;
const MAX_CATCH_UP_BYTES = 4 * 1024 * 1024;
/** The web stream's own buffer, in bytes (a socket's default high-water mark, which the node transport gets from its socket). */
const WEB_STREAM_BUFFER_BYTES = 16 * 1024;

/** The head of every stream; lower case and in this order, as the web transport's Headers send them. */
const STREAM_HEADERS = {
  'cache-control': 'no-cache, no-transform',
  'content-type': 'text/event-stream; charset=utf-8',
  'x-accel-buffering': 'no',
} as const;

/** Where a stream's bytes go. */
interface Transport {
  /** Bytes written and not yet taken in by the client's socket, beyond the transport's own buffer. */
  queuedBytes(): number;
  write(chunk: Uint8Array): void;
  end(): void;
  /** The answer for Hono once the client is registered (node: sent already). */
  respond(): Response;
}

export interface LiveStream {
  /** For the hub's connect(). */
  sink: LiveSink;
  /** The hub registered the client: starts the response. `disconnect` is called when the client goes. */
  open(disconnect: () => void): Response;
}

/**
 * A stream to the client of this request: straight to node's response when
 * there is one (`outgoing`), else a web stream. `headers` go into the head of
 * a node response, which passes no middleware (the app's request id); the web
 * stream's Response gets those from the middlewares.
 */
export function createLiveStream(outgoing: ServerResponse | undefined, headers: Record<string, string>): LiveStream {
  let closed = false;
  let disconnect: (() => void) | null = null;
  const gone = () => {
    closed = true;
    disconnect?.();
  };
  const transport = outgoing ? nodeTransport(outgoing, headers, gone) : webTransport(gone);
  return {
    sink: {
      write(chunk, catchUp) {
        if (closed) return false;
        if (transport.queuedBytes() > (catchUp ? MAX_CATCH_UP_BYTES : MAX_QUEUED_BYTES)) return false;
        transport.write(chunk);
        return true;
      },
      close() {
        if (closed) return;
        closed = true;
        transport.end();
      },
    },
    open(onDisconnect) {
      disconnect = onDisconnect;
      if (closed) onDisconnect();
      return transport.respond();
    },
  };
}

/**
 * Until `respond()`, writes are held: the hub may still refuse the client (429)
 * or fail its catch-up, and then Hono answers with an error instead. The head
 * then goes out with what was held, in one syscall.
 */
function nodeTransport(outgoing: ServerResponse, headers: Record<string, string>, gone: () => void): Transport {
  let held: Uint8Array[] | null = [];
  let heldBytes = 0;
  let ended = false;
  // The backlog is not counted against the live limit while it drains, as with the web stream, whose
  // adapter took it into node's buffer in one piece: else a slow client with a large backlog would be
  // dropped by the first row after it.
  let draining = 0;
  outgoing.on('close', gone);
  // A write after the end emits 'error'; the sink never writes after close(), but an unheard 'error' would end the process.
  outgoing.on('error', gone);
  return {
    queuedBytes: () => (held ? heldBytes : outgoing.writableLength - draining) - outgoing.writableHighWaterMark,
    write(chunk) {
      if (!held) {
        outgoing.write(chunk);
        return;
      }
      held.push(chunk);
      heldBytes += chunk.byteLength;
    },
    end() {
      if (held) ended = true;
      else outgoing.end();
    },
    respond() {
      const first = held ?? [];
      held = null;
      if (!outgoing.destroyed) {
        outgoing.writeHead(200, { ...STREAM_HEADERS, ...headers });
        // Node corks the socket for the rest of this turn at the first write, so the head and these
        // chunks leave in one writev; the chunks are not copied (a storm's clients share their backlog's bytes).
        let fits = true;
        for (const chunk of first) fits = outgoing.write(chunk);
        if (ended) outgoing.end();
        else if (first.length === 0) outgoing.flushHeaders();
        else if (!fits) {
          draining = heldBytes;
          outgoing.once('drain', () => (draining = 0));
        }
      }
      return RESPONSE_ALREADY_SENT;
    },
  };
}

function webTransport(gone: () => void): Transport {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
      },
      cancel: gone,
    },
    { highWaterMark: WEB_STREAM_BUFFER_BYTES, size: (chunk) => chunk.byteLength },
  );
  return {
    queuedBytes: () => -(controller.desiredSize ?? 0),
    write: (chunk) => controller.enqueue(chunk),
    end() {
      try {
        controller.close();
      } catch {
        // already cancelled by the client
      }
    },
    respond: () => new Response(body, { status: 200, headers: STREAM_HEADERS }),
  };
}
