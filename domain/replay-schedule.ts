// The demo replay schedule (issue #4): which stored matches are replayed on a
// given UTC day, and when they kick off. Deterministic: the same seed, day and
// pool give the same schedule on every process and every restart.
//
// Kick-offs fall on quarter hours, one slot every 45 minutes around the clock
// (visitors are in every time zone), one or two matches per slot like a real
// fixture list; with a match lasting about two hours, some are always live.

export interface ScheduledReplay {
  /** Stable external id: `demo:{day}:{slot}:{originalMatchId}`. */
  externalId: string;
  originalMatchId: number;
  kickoffAt: string;
}

const SLOT_MINUTES = 45;
const FIRST_SLOT_MINUTE = 15;

/** FNV-1a over a string: small, fast and stable across platforms. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** A seeded shuffle (Fisher–Yates driven by the hash of seed and index). */
function shuffled<T>(items: readonly T[], seed: string): T[] {
  const result = [...items];
  for (let index = result.length - 1; index > 0; index -= 1) {
    const pick = hashString(`${seed}:${index}`) % (index + 1);
    [result[index], result[pick]] = [result[pick] as T, result[index] as T];
  }
  return result;
}

/** The replays of UTC day `day` (YYYY-MM-DD) drawn from `pool` (stored match ids with event streams). */
export function replaysForDay(day: string, pool: readonly number[], seed: string): ScheduledReplay[] {
  if (pool.length === 0) return [];
  const sorted = [...pool].sort((a, b) => a - b);
  const order = shuffled(sorted, `${seed}:${day}`);
  const dayStart = Date.parse(`${day}T00:00:00Z`);
  const replays: ScheduledReplay[] = [];
  let next = 0;
  for (let slot = 0; FIRST_SLOT_MINUTE + slot * SLOT_MINUTES < 24 * 60; slot += 1) {
    const count = hashString(`${seed}:${day}:${slot}`) % 3 === 0 ? 2 : 1;
    const kickoffAt = new Date(dayStart + (FIRST_SLOT_MINUTE + slot * SLOT_MINUTES) * 60_000).toISOString();
    for (let index = 0; index < count; index += 1) {
      const originalMatchId = order[next % order.length] as number;
      next += 1;
      replays.push({ externalId: `demo:${day}:${slot}.${index}:${originalMatchId}`, originalMatchId, kickoffAt });
    }
  }
  return replays;
}

/** Parses a replay's external id: demo replays and on-demand ("relive") ones. */
export function parseReplayId(
  externalId: string,
):
  | { kind: 'demo'; originalMatchId: number }
  | { kind: 'relive'; originalMatchId: number; kickoffMs: number; rate: number }
  | null {
  const demo = /^demo:\d{4}-\d{2}-\d{2}:\d+\.\d+:(\d+)$/.exec(externalId);
  if (demo) return { kind: 'demo', originalMatchId: Number(demo[1]) };
  const relive = /^relive:(\d+):(\d+):(\d+(?:\.\d+)?)$/.exec(externalId);
  if (relive)
    return {
      kind: 'relive',
      originalMatchId: Number(relive[1]),
      kickoffMs: Number(relive[2]),
      rate: Number(relive[3]),
    };
  return null;
}

export function reliveId(originalMatchId: number, kickoffMs: number, rate: number): string {
  return `relive:${originalMatchId}:${kickoffMs}:${rate}`;
}

/** The speeds a visitor may relive a match at ("relive this match"). */
export const RELIVE_SPEEDS = [1, 10, 60, 600] as const;
