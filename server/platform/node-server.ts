// How long the Node server waits for a client to send its request (issue #17).
// Two hundred clients that sent their headers a byte at a time were all held
// for 30 s: Node's defaults wait a minute for headers and five for the whole
// request, and check only every 30 s.
//
// headersTimeout and requestTimeout cover receiving a request, never sending
// the response: once a request has arrived, Node stops timing it, so a live
// stream (GET /api/live) stays open for as long as it lasts. Node looks for
// expired requests every connectionsCheckingInterval, so a slow client is
// dropped (408, then closed) between the timeout and the timeout plus that.
import type { ServerOptions } from 'node:http';

export interface ServerTimeouts {
  /** Time to receive the request line and headers. */
  headersTimeoutMs: number;
  /** Time to receive the whole request, body included (bodies are 64 kB at most). */
  requestTimeoutMs: number;
  /** How often Node checks the two above. */
  checkIntervalMs: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  checkIntervalMs: 1_000,
};

/** Options for node:http's createServer (@hono/node-server's `serverOptions`). */
export function nodeServerOptions(timeouts: ServerTimeouts = SERVER_TIMEOUTS): ServerOptions {
  return {
    headersTimeout: timeouts.headersTimeoutMs,
    requestTimeout: timeouts.requestTimeoutMs,
    connectionsCheckingInterval: timeouts.checkIntervalMs,
  };
}
