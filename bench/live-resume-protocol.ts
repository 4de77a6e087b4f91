// The IPC messages between the resume-storm benchmark (live-resume.bench.ts)
// and its client processes (live-resume-clients.ts). The server process is
// bench/live-sse-server.ts with its own messages (live-sse-protocol.ts).
// One zod schema per direction; every received message is parsed.
import { z } from 'zod';
import {
  closedReplySchema,
  connectedReplySchema,
  errorReplySchema,
  progressReplySchema,
  reportCounterFields,
} from './support/client-process.ts';
import { histogramSchema } from './support/stats.ts';

export const resumeCommandSchema = z.discriminatedUnion('type', [
  /** Open clients on `topics` (no Last-Event-ID) until this process holds `total`; answers once every stream said `ready`. */
  z.object({
    type: z.literal('connect'),
    rid: z.number().int(),
    total: z.number().int().min(0),
    port: z.number().int(),
    topics: z.string().min(1),
    maxInFlight: z.number().int().min(1),
  }),
  /** How many clients have seen an event at or after `id`. */
  z.object({ type: z.literal('progress'), rid: z.number().int(), id: z.number().int() }),
  /** Every client closes its socket and remembers its last id: the start of the gap. */
  z.object({ type: z.literal('leave'), rid: z.number().int() }),
  /** Every client reconnects to `port` with Last-Event-ID at once (at most `maxInFlight` connects in flight); answers when all have their 200. */
  z.object({
    type: z.literal('resume'),
    rid: z.number().int(),
    port: z.number().int(),
    maxInFlight: z.number().int().min(1),
  }),
  /**
   * Checks what each client received since `resume` against every score event published
   * (`scoreIds`, in log order): lost, duplicated, out of order, and the times to the first
   * missed event and to the last event of the gap (`gapLastId`).
   */
  z.object({
    type: z.literal('report'),
    rid: z.number().int(),
    scoreIds: z.array(z.number().int()),
    gapLastId: z.number().int(),
  }),
  z.object({ type: z.literal('close'), rid: z.number().int() }),
]);
export type ResumeCommand = z.infer<typeof resumeCommandSchema>;

/** Sparse histogram of whole milliseconds: [ms, count] pairs. */
export const msHistogramSchema = histogramSchema;
export type MsHistogram = z.infer<typeof msHistogramSchema>;

export const resumeReportSchema = z.object({
  clients: z.number().int(),
  /** From the moment this process started the resume storm to the client's first missed event. */
  firstMissedFromStorm: msHistogramSchema,
  /** From the client's own connect (socket opened) to its first missed event. */
  firstMissedFromConnect: msHistogramSchema,
  /** From the storm's start to the 200 response head. */
  headersFromStorm: msHistogramSchema,
  /** From the storm's start to the last event published during the gap: the whole backlog. */
  backlogFromStorm: msHistogramSchema,
  expected: z.number().int(),
  received: z.number().int(),
  lost: z.number().int(),
  clientsWithLoss: z.number().int(),
  duplicated: z.number().int(),
  clientsWithDuplicates: z.number().int(),
  outOfOrder: z.number().int(),
  /** Events of a type the `scores` topic does not carry (a topic-filter bug). */
  foreign: z.number().int(),
  /** Clients that never got their 200 on resume. */
  neverResumed: z.number().int(),
  /** serverClosed: streams the server ended after the resume (each reconnected with Last-Event-ID, like EventSource). */
  ...reportCounterFields,
});
export type ResumeReport = z.infer<typeof resumeReportSchema>;

export const resumeReplySchema = z.discriminatedUnion('type', [
  connectedReplySchema,
  progressReplySchema,
  z.object({ type: z.literal('left'), rid: z.number().int(), lastIds: z.array(z.number().int()) }),
  z.object({
    type: z.literal('resumed'),
    rid: z.number().int(),
    ok: z.number().int(),
    failed: z.number().int(),
    ms: z.number(),
    statuses: z.record(z.string(), z.number().int()),
  }),
  z.object({ type: z.literal('report'), rid: z.number().int(), report: resumeReportSchema }),
  closedReplySchema,
  errorReplySchema,
]);
export type ResumeReply = z.infer<typeof resumeReplySchema>;
