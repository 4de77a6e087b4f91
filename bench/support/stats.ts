// The numbers side of the live, resume and chat benchmarks: a wall clock every
// process on the machine agrees on, sparse latency histograms (built in a client
// process, sent over IPC, merged in the orchestrator), percentiles, a
// least-squares slope, and a receipt log of typed arrays that grows without an
// allocation per event.
import { z } from 'zod';

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes on one machine. */
export function wallNow(): number {
  return performance.timeOrigin + performance.now();
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sparse histogram: [bucket, count] pairs, buckets ascending; a bucket is `step` ms wide (the sender and reader agree on it). */
export const histogramSchema = z.array(z.tuple([z.number().int(), z.number().int()]));
export type Histogram = z.infer<typeof histogramSchema>;

/** Counts values into buckets `stepMs` wide (negative values count in bucket 0). */
export class HistogramBuilder {
  private readonly buckets = new Map<number, number>();
  constructor(private readonly stepMs: number) {}

  add(ms: number): void {
    const bucket = Math.max(0, Math.floor(ms / this.stepMs));
    this.buckets.set(bucket, (this.buckets.get(bucket) ?? 0) + 1);
  }

  /** How many values were added. */
  count(): number {
    let total = 0;
    for (const count of this.buckets.values()) total += count;
    return total;
  }

  sparse(): Histogram {
    return [...this.buckets.entries()].sort((a, b) => a[0] - b[0]);
  }
}

/** Adds histograms (from several client processes) bucket by bucket. */
export function mergeHistograms(histograms: readonly Histogram[]): Map<number, number> {
  const merged = new Map<number, number>();
  for (const histogram of histograms)
    for (const [bucket, count] of histogram) merged.set(bucket, (merged.get(bucket) ?? 0) + count);
  return merged;
}

/** The upper edge (ms) of the bucket holding the p-th percentile; NaN for an empty histogram. */
export function percentile(histogram: Map<number, number>, p: number, stepMs: number): number {
  const buckets = [...histogram.entries()].sort((a, b) => a[0] - b[0]);
  const total = buckets.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (const [bucket, count] of buckets) {
    seen += count;
    if (seen >= rank) return (bucket + 1) * stepMs;
  }
  return NaN;
}

/** The least-squares slope of y over x (memory over connections: steadier than one point); NaN when x does not vary. */
export function slope(points: ReadonlyArray<{ x: number; y: number }>): number {
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / points.length;
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / points.length;
  const sxx = points.reduce((sum, point) => sum + (point.x - meanX) ** 2, 0);
  return sxx === 0 ? NaN : points.reduce((sum, point) => sum + (point.x - meanX) * (point.y - meanY), 0) / sxx;
}

function grown<T extends Int32Array | Float64Array>(array: T, make: (n: number) => T): T {
  const next = make(array.length * 2);
  next.set(array);
  return next;
}

/**
 * What a client process received, in arrival order: (client, event id, a value the bench
 * names — the chat message's id —, receipt time). Parallel typed arrays that double when full,
 * so logging an event allocates nothing.
 */
export class ReceiptLog {
  client = new Int32Array(1 << 16);
  id = new Float64Array(1 << 16);
  value = new Float64Array(1 << 16);
  at = new Float64Array(1 << 16);
  length = 0;

  push(client: number, id: number, value: number, at: number): void {
    if (this.length === this.client.length) {
      this.client = grown(this.client, (n) => new Int32Array(n));
      this.id = grown(this.id, (n) => new Float64Array(n));
      this.value = grown(this.value, (n) => new Float64Array(n));
      this.at = grown(this.at, (n) => new Float64Array(n));
    }
    const n = this.length;
    this.client[n] = client;
    this.id[n] = id;
    this.value[n] = value;
    this.at[n] = at;
    this.length = n + 1;
  }

  clear(): void {
    this.length = 0;
  }

  /**
   * The receipts grouped by client, each client's in arrival order (a counting sort):
   * client c's receipts are `order[start[c]] … order[start[c + 1] - 1]`.
   */
  byClient(clients: number): { order: Int32Array; start: Int32Array } {
    const start = new Int32Array(clients + 1);
    for (let n = 0; n < this.length; n += 1) {
      const slot = (this.client[n] as number) + 1;
      start[slot] = (start[slot] as number) + 1;
    }
    for (let c = 0; c < clients; c += 1) start[c + 1] = (start[c + 1] as number) + (start[c] as number);
    const next = start.slice(0, clients);
    const order = new Int32Array(this.length);
    for (let n = 0; n < this.length; n += 1) {
      const c = this.client[n] as number;
      order[next[c] as number] = n;
      next[c] = (next[c] as number) + 1;
    }
    return { order, start };
  }
}

/** A small deterministic PRNG (mulberry32): the same choices for the same seed, in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
