// The IPC messages of the chat benchmark (issue #23, "Figures"): the
// orchestrator (chat.bench.ts) drives two server nodes (chat-bench-server.ts)
// and a few client processes (chat-bench-clients.ts) over Node's IPC channel,
// so the servers need no bench-only HTTP endpoint. One zod schema per
// direction; every received message is parsed. Shared pieces (histograms, the
// server's stats) come from the bench harness (bench/support/); the histogram
// step is the live benchmark's (HISTOGRAM_STEP_MS in bench/live-sse-protocol.ts).
import { z } from 'zod';
import {
  closedReplySchema,
  connectedReplySchema,
  errorReplySchema,
  progressReplySchema,
  reportCounterFields,
} from './support/client-process.ts';
import { serverStatsSchema } from './support/node-process.ts';
import { histogramSchema } from './support/stats.ts';

// ---------------------------------------------------------------------------
// Orchestrator ↔ server node

export const nodeCommandSchema = z.discriminatedUnion('type', [
  /** Memory, CPU, event-loop delay and hub counters; `gc` runs a full collection first (needs --expose-gc). */
  z.object({ type: z.literal('stats'), rid: z.number().int(), gc: z.boolean(), resetLoopDelay: z.boolean() }),
  z.object({ type: z.literal('stop'), rid: z.number().int() }),
]);
export type NodeCommand = z.infer<typeof nodeCommandSchema>;

export const nodeReplySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), port: z.number().int() }),
  z.object({ type: z.literal('stats'), rid: z.number().int(), stats: serverStatsSchema }),
  z.object({ type: z.literal('stopped'), rid: z.number().int() }),
  z.object({ type: z.literal('error'), rid: z.number().int(), message: z.string() }),
]);
export type NodeReply = z.infer<typeof nodeReplySchema>;

// ---------------------------------------------------------------------------
// Orchestrator ↔ client processes

/** One posted message: its id, which node took the POST (0 or 1), and when the request left the poster. */
export const postedMessageSchema = z.object({
  id: z.number().int(),
  node: z.number().int().min(0),
  sentAt: z.number(),
  /** When the poster had the 201 answer. */
  answeredAt: z.number(),
});
export type PostedMessage = z.infer<typeof postedMessageSchema>;

export const clientCommandSchema = z.discriminatedUnion('type', [
  /**
   * Open clients until this process holds `total`; client k of the process follows `topics` on
   * `ports[k % ports.length]`, so each process spreads its clients over every node.
   */
  z.object({
    type: z.literal('connect'),
    rid: z.number().int(),
    total: z.number().int().min(0),
    ports: z.array(z.number().int()).min(1),
    topics: z.string().min(1),
    maxInFlight: z.number().int().min(1),
  }),
  /** How many open clients have received at least `count` chat messages since the last report. */
  z.object({ type: z.literal('progress'), rid: z.number().int(), count: z.number().int().min(0) }),
  /** Latency histograms, lost, duplicated and out-of-order messages for these posts; clears the receipt log. */
  z.object({ type: z.literal('report'), rid: z.number().int(), posted: z.array(postedMessageSchema) }),
  z.object({ type: z.literal('close'), rid: z.number().int() }),
]);
export type ClientCommand = z.infer<typeof clientCommandSchema>;

export const chatReportSchema = z.object({
  clients: z.number().int(),
  /** post → receipt, first receipts only, per (client, message); split by whether the client is on the node that took the POST. */
  fromSent: histogramSchema,
  fromSentSameNode: histogramSchema,
  fromSentOtherNode: histogramSchema,
  maxFromSentMs: z.number(),
  received: z.number().int(),
  lost: z.number().int(),
  clientsWithLoss: z.number().int(),
  neverConnected: z.number().int(),
  duplicated: z.number().int(),
  clientsWithDuplicates: z.number().int(),
  /** chat.message events whose stream position was not above the client's previous one. */
  outOfOrder: z.number().int(),
  clientsOutOfOrder: z.number().int(),
  /**
   * Clients per order they saw the messages in (a hash of the message ids in arrival order), for clients that
   * received every message: one key across all processes means every client saw one order.
   */
  orders: z.record(z.string(), z.number().int()),
  ...reportCounterFields,
});
export type ChatReport = z.infer<typeof chatReportSchema>;

export const clientReplySchema = z.discriminatedUnion('type', [
  connectedReplySchema,
  progressReplySchema,
  z.object({ type: z.literal('report'), rid: z.number().int(), report: chatReportSchema }),
  closedReplySchema,
  errorReplySchema,
]);
export type ClientReply = z.infer<typeof clientReplySchema>;
