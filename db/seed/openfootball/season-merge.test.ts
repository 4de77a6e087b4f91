import { describe, expect, it } from 'vitest';
import type { MatchResult } from './normalize.ts';
import { mergeNewerFile, type MergeCandidate } from './season-merge.ts';

const NO_RESULT: MatchResult = {
  status: 'scheduled',
  home: null,
  away: null,
  htHome: null,
  htAway: null,
  etHome: null,
  etAway: null,
  penHome: null,
  penAway: null,
};

function match(
  key: string,
  date: string,
  homeId: number,
  awayId: number,
  result: Partial<MatchResult> = {},
): MergeCandidate {
  return { key, label: key, date, homeId, awayId, stage: 'Regular season', result: { ...NO_RESULT, ...result } };
}

const played = (home: number, away: number): Partial<MatchResult> => ({ status: 'finished', home, away });

describe('mergeNewerFile', () => {
  it('takes the newer result of the same match, keeps no duplicate of a moved one, and keeps what only the older file has', () => {
    const older = [
      match('a|2026-04-11|palace|newcastle', '2026-04-11', 1, 2),
      match('a|2026-03-01|arsenal|chelsea', '2026-03-01', 3, 4, played(2, 1)),
      match('a|2026-03-21|city|palace', '2026-03-21', 5, 1, { status: 'postponed' }),
      match('a|2026-02-01|leeds|everton', '2026-02-01', 6, 7, played(0, 0)),
    ];
    const newer = [
      match('a|2026-04-12|palace|newcastle', '2026-04-12', 1, 2, played(2, 1)),
      match('a|2026-03-01|arsenal fc|chelsea fc', '2026-03-01', 3, 4, played(2, 1)),
      match('a|2026-05-22|city|palace', '2026-05-22', 5, 1, { status: 'postponed' }),
      match('a|2026-05-24|everton|leeds', '2026-05-24', 7, 6),
    ];
    const merged = mergeNewerFile(newer, older);
    expect(merged.matches.map((entry) => [entry.key, entry.formerKeys])).toEqual([
      ['a|2026-04-12|palace|newcastle', ['a|2026-04-11|palace|newcastle']], // moved a day, now played
      ['a|2026-03-01|arsenal fc|chelsea fc', ['a|2026-03-01|arsenal|chelsea']], // the same match, spelt otherwise
      ['a|2026-05-22|city|palace', ['a|2026-03-21|city|palace']], // postponed and moved weeks
      ['a|2026-05-24|everton|leeds', []], // the return match: a different match
      ['a|2026-02-01|leeds|everton', []], // only in the older file: kept
    ]);
    expect(merged.moved.map(([before, after]) => [before.date, after.date])).toEqual([
      ['2026-04-11', '2026-04-12'],
      ['2026-03-21', '2026-05-22'],
    ]);
    expect(merged.olderOnly.map((entry) => entry.key)).toEqual(['a|2026-02-01|leeds|everton']);
    expect(merged.added.map((entry) => entry.key)).toEqual(['a|2026-05-24|everton|leeds']);
    expect(merged.updated).toBe(1);
    expect(merged.conflicts).toEqual([]);
  });

  it('reports a result the newer file contradicts, and keeps the newer one', () => {
    const older = [match('k1', '2026-03-01', 3, 4, played(2, 1))];
    const newer = [match('k1', '2026-03-01', 3, 4, played(2, 2))];
    const merged = mergeNewerFile(newer, older);
    expect(merged.conflicts.map(([before, after]) => [before.result.away, after.result.away])).toEqual([[1, 2]]);
    expect(merged.matches.map((entry) => entry.result.away)).toEqual([2]);
  });

  it('pairs a moved match with the nearest date when the two teams meet twice in the stage', () => {
    const older = [match('old', '2026-01-10', 1, 2)];
    const newer = [match('far', '2026-04-10', 1, 2), match('near', '2026-01-17', 1, 2)];
    const merged = mergeNewerFile(newer, older);
    expect(merged.moved.map(([, after]) => after.key)).toEqual(['near']);
  });
});
