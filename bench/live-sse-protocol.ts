// The IPC messages of the live-delivery benchmark (issue #4): the orchestrator
// (live-sse.bench.ts) drives one server process (live-sse-server.ts) and a few
// client processes (live-sse-clients.ts) over Node's IPC channel, so the
// benchmark needs no extra HTTP endpoint in the server. One zod schema per
// direction; every received message is parsed. The clock, histograms and the
// server's stats are the bench harness's (bench/support/).
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

export { serverStatsSchema, type ServerStats } from './support/node-process.ts';
export { histogramSchema, wallNow, type Histogram } from './support/stats.ts';

/** The fixture world the orchestrator seeds and the server's publisher plays in. */
export const BENCH_PROVIDER = 'bench';
export const BENCH_COMPETITION = 'en.1';
export const BENCH_SEASON = '2026-27';
export const BENCH_TEAMS = [
  { externalId: 'bench-home', name: 'Benchton Athletic' },
  { externalId: 'bench-away', name: 'Loadsby Town' },
] as const;

// ---------------------------------------------------------------------------
// Orchestrator ↔ server

export const serverCommandSchema = z.discriminatedUnion('type', [
  /** Apply the next goal snapshot through the ingest pipeline. */
  z.object({ type: z.literal('publish'), rid: z.number().int(), seq: z.number().int().min(0), sentAt: z.number() }),
  /** Memory, CPU, event-loop delay and hub counters; `gc` runs a full collection first (needs --expose-gc). */
  z.object({ type: z.literal('stats'), rid: z.number().int(), gc: z.boolean(), resetLoopDelay: z.boolean() }),
  /** Writes a V8 heap snapshot to `path` (for finding what a connection costs). */
  z.object({ type: z.literal('heap-snapshot'), rid: z.number().int(), path: z.string().min(1) }),
  z.object({ type: z.literal('stop'), rid: z.number().int() }),
]);
export type ServerCommand = z.infer<typeof serverCommandSchema>;

export const serverReplySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), port: z.number().int() }),
  z.object({
    type: z.literal('published'),
    rid: z.number().int(),
    seq: z.number().int(),
    matchId: z.number().int(),
    /** The `score` row the `scores` topic carries, and every row the snapshot appended. */
    scoreId: z.number().int().nullable(),
    ids: z.array(z.number().int()),
    sentAt: z.number(),
    /** When pipeline.apply() was called, and when the pipeline announced the commit on the bus. */
    applyAt: z.number(),
    commitAt: z.number(),
  }),
  z.object({ type: z.literal('stats'), rid: z.number().int(), stats: serverStatsSchema }),
  z.object({ type: z.literal('heap-snapshot'), rid: z.number().int(), path: z.string() }),
  z.object({ type: z.literal('stopped'), rid: z.number().int() }),
  z.object({ type: z.literal('error'), rid: z.number().int(), message: z.string() }),
]);
export type ServerReply = z.infer<typeof serverReplySchema>;

// ---------------------------------------------------------------------------
// Orchestrator ↔ client processes

/** One published score event of a measured phase: its log position and its three timestamps. */
export const phaseEventSchema = z.object({
  id: z.number().int(),
  sentAt: z.number(),
  applyAt: z.number(),
  commitAt: z.number(),
});
export type PhaseEvent = z.infer<typeof phaseEventSchema>;

export const clientCommandSchema = z.discriminatedUnion('type', [
  /** Open clients until this process holds `total` of them. */
  z.object({
    type: z.literal('connect'),
    rid: z.number().int(),
    total: z.number().int().min(0),
    port: z.number().int(),
    maxInFlight: z.number().int().min(1),
  }),
  /** How many open clients have seen an event at or after `id`. */
  z.object({ type: z.literal('progress'), rid: z.number().int(), id: z.number().int() }),
  /** Drop a random `fraction` of the clients and reconnect each at once with Last-Event-ID. */
  z.object({
    type: z.literal('storm'),
    rid: z.number().int(),
    fraction: z.number().min(0).max(1),
    seed: z.number().int(),
    maxInFlight: z.number().int().min(1),
  }),
  /** Latency histograms, lost and duplicated events for a phase's events; clears the receipt log. */
  z.object({ type: z.literal('report'), rid: z.number().int(), events: z.array(phaseEventSchema) }),
  z.object({ type: z.literal('close'), rid: z.number().int() }),
]);
export type ClientCommand = z.infer<typeof clientCommandSchema>;

/** The histograms' bucket width: 0.1 ms. */
export const HISTOGRAM_STEP_MS = 0.1;

export const phaseReportSchema = z.object({
  clients: z.number().int(),
  /** First receipts only, per (client, event). */
  fromSent: histogramSchema,
  fromApply: histogramSchema,
  fromCommit: histogramSchema,
  maxFromApplyMs: z.number(),
  /** fromApply split by whether the client was dropped and resumed in this phase (the storm). */
  fromApplyStayed: histogramSchema,
  fromApplyResumed: histogramSchema,
  /** Storm only: from the drop to the resumed stream's 200 response, per resumed client. */
  resumeMs: histogramSchema,
  received: z.number().int(),
  lost: z.number().int(),
  clientsWithLoss: z.number().int(),
  /** Clients whose first connect failed (not counted as losing events). */
  neverConnected: z.number().int(),
  duplicated: z.number().int(),
  clientsWithDuplicates: z.number().int(),
  ...reportCounterFields,
});
export type PhaseReport = z.infer<typeof phaseReportSchema>;

export const clientReplySchema = z.discriminatedUnion('type', [
  connectedReplySchema,
  progressReplySchema,
  z.object({
    type: z.literal('stormed'),
    rid: z.number().int(),
    dropped: z.number().int(),
    reconnected: z.number().int(),
    failed: z.number().int(),
    ms: z.number(),
  }),
  z.object({ type: z.literal('report'), rid: z.number().int(), report: phaseReportSchema }),
  closedReplySchema,
  errorReplySchema,
]);
export type ClientReply = z.infer<typeof clientReplySchema>;
