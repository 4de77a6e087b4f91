// Two files of one competition-season, one newer than the other: the
// Football.TXT source (england/2025-26/1-premierleague.txt, 339 of 380 Premier
// League matches played) over the football.json file generated from an older
// version of it (291 played). The newer file is authoritative; the older one
// only tells which of our stored matches each newer match is. Pure: no I/O.
//
// - Same date and the same two teams (resolved team rows, so "Bolton" in the
//   JSON and "Bolton Wanderers" in the TXT are one team): the same match; the
//   newer file's result and status win (results played since, postponements).
//   Where the spellings give another key, the older key is kept as a former key.
// - Same two teams in the same stage on another date: the match was moved (the
//   newer date wins, no duplicate is left); the older key is kept as a former
//   key so the stored row keeps its id (match-writer.ts).
// - Only in the older file: kept as it is and reported (nothing is dropped
//   silently); only in the newer file: a new match.
// A result the older file has and the newer file contradicts is reported; the
// newer file is kept (it is the later word of the same upstream).
import type { MatchResult } from './normalize.ts';

export interface MergeCandidate {
  key: string;
  label: string;
  date: string;
  homeId: number;
  awayId: number;
  stage: string | null;
  result: MatchResult;
}

export interface SeasonMerge<T extends MergeCandidate> {
  /** Every newer match (with the older keys it was found under), then the older file's matches the newer lacks. */
  matches: (T & { formerKeys: string[] })[];
  /** Matches the newer file has on another date: [older, newer]. */
  moved: [T, T][];
  olderOnly: T[];
  /** Matches only the newer file has. */
  added: T[];
  /** The older file has a result the newer one does not repeat: [older, newer]. */
  conflicts: [T, T][];
  /** Matches whose result or status the newer file adds or changes. */
  updated: number;
}

function sameResult(a: MatchResult, b: MatchResult): boolean {
  return (
    a.status === b.status &&
    a.home === b.home &&
    a.away === b.away &&
    a.htHome === b.htHome &&
    a.htAway === b.htAway &&
    a.etHome === b.etHome &&
    a.etAway === b.etAway &&
    a.penHome === b.penHome &&
    a.penAway === b.penAway
  );
}

function contradicts(older: MatchResult, newer: MatchResult): boolean {
  if (older.home === null || older.away === null) return false; // no result yet: anything newer completes it
  return older.home !== newer.home || older.away !== newer.away || older.status !== newer.status;
}

const DAY_MS = 86_400_000;

export function mergeNewerFile<T extends MergeCandidate>(newer: readonly T[], older: readonly T[]): SeasonMerge<T> {
  const identity = (match: T) => `${match.date}|${match.homeId}|${match.awayId}|${match.stage ?? ''}`;
  const byIdentity = new Map<string, T>();
  for (const match of newer) if (!byIdentity.has(identity(match))) byIdentity.set(identity(match), match);
  const formerKeys = new Map<T, string[]>(newer.map((match) => [match, []]));
  const matchedNewer = new Set<T>();
  const moved: [T, T][] = [];
  const conflicts: [T, T][] = [];
  const olderOnly: T[] = [];
  let updated = 0;
  const compare = (before: T, after: T) => {
    if (contradicts(before.result, after.result)) conflicts.push([before, after]);
    if (!sameResult(before.result, after.result)) updated += 1;
  };

  const unmatched: T[] = [];
  for (const match of older) {
    const same = byIdentity.get(identity(match));
    if (same === undefined || matchedNewer.has(same)) {
      unmatched.push(match);
      continue;
    }
    matchedNewer.add(same);
    if (same.key !== match.key) formerKeys.get(same)?.push(match.key);
    compare(match, same);
  }
  for (const match of unmatched) {
    const day = Date.parse(`${match.date}T00:00:00Z`);
    const candidates = newer
      .filter(
        (other) =>
          !matchedNewer.has(other) &&
          other.homeId === match.homeId &&
          other.awayId === match.awayId &&
          other.stage === match.stage,
      )
      .sort(
        (a, b) =>
          Math.abs(Date.parse(`${a.date}T00:00:00Z`) - day) / DAY_MS -
            Math.abs(Date.parse(`${b.date}T00:00:00Z`) - day) / DAY_MS || a.date.localeCompare(b.date),
      );
    const [nearest] = candidates;
    if (nearest === undefined) {
      olderOnly.push(match);
      continue;
    }
    matchedNewer.add(nearest);
    formerKeys.get(nearest)?.push(match.key);
    moved.push([match, nearest]);
    compare(match, nearest);
  }
  return {
    matches: [
      ...newer.map((match) => ({ ...match, formerKeys: formerKeys.get(match) ?? [] })),
      ...olderOnly.map((match) => ({ ...match, formerKeys: [] })),
    ],
    moved,
    olderOnly,
    added: newer.filter((match) => !matchedNewer.has(match)),
    conflicts,
    updated,
  };
}
